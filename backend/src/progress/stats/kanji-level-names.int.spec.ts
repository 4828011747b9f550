import { startTestApp, TestApp } from '../../../test/http-app';
import { createIsolatedDatabase } from '../../../test/test-db';
import { signUpTestUser } from '../../accounts/testing/test-session';
import { bumpCatalogueRevision } from '../../content';
import { withTransaction } from '../../platform/database/database';
import { KanjiLevelNames } from './kanji-level-names';

// The stats name a kanji level after the kanji it holds: the label the content gives the level (the Kanken levels
// of its kanji) and, as the subtitle, the school grades of its kanji, both read from the catalogue.

interface Row {
  character: string;
  course: 'kanji1' | 'kanji2';
  level: number;
  grade: number;
  label: string;
  kanken?: string;
}

const ROWS: Row[] = [
  { character: '一', course: 'kanji1', level: 1, grade: 1, label: '10級' },
  { character: '右', course: 'kanji1', level: 1, grade: 1, label: '10級' },
  { character: '語', course: 'kanji1', level: 3, grade: 2, label: '9級–8級' },
  { character: '悪', course: 'kanji1', level: 3, grade: 3, label: '9級–8級' },
  // Issue 31: every Kanji II level spans 4級–2級; most of level 1's kanji are 4級, most of level 2's 準2級.
  { character: '歳', course: 'kanji2', level: 1, grade: 7, label: '4級–2級', kanken: '4級' },
  { character: '企', course: 'kanji2', level: 1, grade: 7, label: '4級–2級', kanken: '4級' },
  { character: '藤', course: 'kanji2', level: 1, grade: 7, label: '4級–2級', kanken: '4級' },
  { character: '沢', course: 'kanji2', level: 1, grade: 7, label: '4級–2級', kanken: '4級' },
  { character: '与', course: 'kanji2', level: 1, grade: 7, label: '4級–2級', kanken: '2級' },
  { character: '誰', course: 'kanji2', level: 2, grade: 7, label: '4級–2級', kanken: '準2級' },
  { character: '鍵', course: 'kanji2', level: 2, grade: 8, label: '4級–2級', kanken: '準2級' },
  { character: '援', course: 'kanji2', level: 2, grade: 8, label: '4級–2級', kanken: '準2級' },
  { character: '施', course: 'kanji2', level: 2, grade: 8, label: '4級–2級', kanken: '準2級' },
  { character: '違', course: 'kanji2', level: 2, grade: 8, label: '4級–2級', kanken: '4級' },
  { character: '彙', course: 'kanji2', level: 9, grade: 9, label: '2級' },
];

async function insertKanji(db: { query: (text: string, values: unknown[]) => Promise<unknown> }, rows: Row[]) {
  for (const [i, r] of rows.entries()) {
    const id = r.character.codePointAt(0)!;
    await db.query(
      `insert into kanji_entries (id, character, course, level, grade, position, data) values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, r.character, r.course, r.level, r.grade, i + 1, { id, character: r.character, level: r.level, level_label: r.label, ...(r.kanken ? { kanken: r.kanken } : {}) }],
    );
  }
}

/** "Grade 2" or "Grades 2–3": the grades of the level's rows. */
const gradesOf = (course: string, level: number) => {
  const grades = ROWS.filter((r) => r.course === course && r.level === level).map((r) => r.grade);
  const [low, high] = [Math.min(...grades), Math.max(...grades)];
  return low === high ? `Grade ${low}` : `Grades ${low}–${high}`;
};

describe('kanji level names in the stats', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: TestApp;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await insertKanji(db.pool, ROWS);
    app = await startTestApp({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('names each level with its label and the school grades of its kanji', async () => {
    const user = await signUpTestUser(app.inject);
    const kanji1 = (await user.session.get('/api/users/stats?course=kanji1')).json().levels;
    expect(kanji1[0]).toMatchObject({ level: 1, primary: { name: '10級' }, secondary: { name: gradesOf('kanji1', 1) } });
    expect(kanji1[0].secondary.name).toBe('Grade 1');
    expect(kanji1[2]).toMatchObject({ level: 3, primary: { name: '9級–8級' }, secondary: { name: 'Grades 2–3' } });
    // A level without kanji has no grades to show.
    expect(kanji1[1]).toMatchObject({ level: 2, primary: { name: 'Level 2' }, secondary: null });
  });

  it('numbers the levels that share a label and says in the subtitle which Kanken levels most of its kanji are', async () => {
    const user = await signUpTestUser(app.inject);
    const kanji2 = (await user.session.get('/api/users/stats?course=kanji2')).json().levels;
    expect(kanji2[0]).toMatchObject({ primary: { name: 'Level 1' }, secondary: { name: `mostly 4級 · ${gradesOf('kanji2', 1)}` } });
    expect(kanji2[1]).toMatchObject({ primary: { name: 'Level 2' }, secondary: { name: 'mostly 準2級 · Grades 7–8' } });
    expect(kanji2[8]).toMatchObject({ primary: { name: '2級' }, secondary: { name: 'Grade 9' } });
    expect((await user.session.get('/api/users/stats?course=vocab1')).json().levels[0]).toMatchObject({ primary: { name: 'Level 1' }, secondary: null });
  });

  it('reads the catalogue once per revision', async () => {
    const names = new KanjiLevelNames(db.pool);
    expect((await names.of('kanji1')).get(3)).toMatchObject({ label: '9級–8級', grades: [2, 3] });
    // Changed without a catalogue revision: the kept facts stand.
    await db.pool.query(`update kanji_entries set grade = 4 where character = '悪'`);
    expect((await names.of('kanji1')).get(3)!.grades).toEqual([2, 3]);
    await withTransaction(db.pool, async (tx) => {
      await tx.query(`update kanji_entries set data = jsonb_set(data, '{level_label}', '"9級–7級"') where course = 'kanji1' and level = 3`);
      await bumpCatalogueRevision(tx);
    });
    expect((await names.of('kanji1')).get(3)).toMatchObject({ label: '9級–7級', grades: [2, 4] });
    expect(await names.of('vocab1')).toEqual(new Map());
  });
});
