import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { eventually } from '../../test/support/eventually';
import { createIsolatedDatabase } from '../../test/test-db';
import { TimeZoneSet } from '../accounts';
import { quoteIdent } from '../platform/database/database';
import { EventStore } from '../platform/event-store/event-store';
import { rebuildProjection } from '../platform/projections/projection-admin';
import { Projection } from '../platform/projections/projection';
import { ProjectionRunner } from '../platform/projections/projection-runner';
import {
  calendarDay,
  CARD_STREAM_TYPE,
  cardStreamId,
  decideGrade,
  evolve,
  initialCardState,
  LEVELS,
  levelOf,
  materialTypeOf,
  type CardState,
  type Course,
} from '../study';
import { courseMaterials, insertMaterials, type MaterialFixture } from '../study/testing/study-fixtures';
import { awardsReactor } from './awards/awards.reactor';
import { PROGRESS_PROJECTIONS } from './progress.projections';

// Every study read model is rebuildable: after a random history of 10,000 grades by 50 users, applied
// incrementally in small batches while the history was being written, a rebuild from the first event
// reproduces each table exactly. The history is decided by the real scheduler (decideGrade) on simulated
// clocks and appended through the EventStore, as the grade handler does.

jest.setTimeout(180_000);

const USERS = 50;
const GRADES_PER_USER = 200;
const COURSES: Course[] = ['kana', 'vocab1'];
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Australia/Lord_Howe', 'Europe/Berlin'];
const HOUR = 3_600_000;

interface SimCard {
  material: MaterialFixture;
  state: CardState;
  version: number;
}

async function snapshot(pool: Pool, projection: Projection): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of projection.tables) {
    const { rows } = await pool.query(`select * from ${quoteIdent(table)} t order by t::text`);
    out[table] = rows;
  }
  return out;
}

async function caughtUp(pool: Pool, names: string[]): Promise<boolean> {
  const { rows } = await pool.query(
    `select count(*)::int as n from projection_checkpoints c where c.name = any($1::text[])
        and not exists (select 1 from events e where (e.transaction_id, e.global_position) > (c.last_tx, c.last_position))`,
    [names],
  );
  return rows[0].n === names.length;
}

describe('study projections: rebuild reproduces the incremental tables', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
  });
  afterAll(() => db.drop());

  it('after 10,000 random grades by 50 users', async () => {
    const catalogue = [...courseMaterials('kana', 6, 9, 1), ...courseMaterials('vocab1', 15, 9, 1001)];
    await insertMaterials(db.pool, catalogue);
    const store = new EventStore(db.pool);
    const runner = new ProjectionRunner(db.pool, [...PROGRESS_PROJECTIONS], { batchSize: 137, pollMs: 20, listenUrl: db.url, ownerId: 'incremental' });
    const reactor = new ProjectionRunner(db.pool, [awardsReactor(db.pool)], { batchSize: 89, pollMs: 20, listenUrl: db.url, ownerId: 'reactor' });
    await runner.start();
    await reactor.start();

    // What the read models must say, kept by the simulation itself.
    const expectedCounts = new Map<string, number>(); // user|course|level|mastery → cards
    const expectedActivity = new Map<string, { lessons: number; reviews: number; days: Set<string> }>();

    let seed = 20260105;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

    const users = Array.from({ length: USERS }, () => ({
      id: randomUUID(),
      now: new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 30 * 24) * HOUR),
      zone: 'UTC',
      favourite: pick(COURSES),
      cards: new Map<string, SimCard>(),
    }));

    await Promise.all(
      users.map(async (user) => {
        for (let n = 0; n < GRADES_PER_USER; n++) {
          user.now = new Date(user.now.getTime() + Math.floor(random() * random() * 40 * HOUR + 60_000));
          if (random() < 0.02) {
            user.zone = pick(ZONES);
            await store.append(`user-${user.id}`, 'user', 'any', [TimeZoneSet({ userId: user.id, timezone: user.zone })]);
          }
          const course = random() < 0.8 ? user.favourite : pick(COURSES);
          const mine = [...user.cards.values()].filter((c) => c.material.course === course);
          const due = mine.filter((c) => c.state.dueAt!.getTime() <= user.now.getTime()).sort((a, b) => a.state.dueAt!.getTime() - b.state.dueAt!.getTime());
          let card: SimCard | undefined = due[0];
          if (!card) {
            const material = catalogue.find((m) => m.course === course && !user.cards.has(`${course}-${m.materialId}`));
            if (material) card = { material, state: initialCardState, version: 0 };
            else card = mine.sort((a, b) => a.state.dueAt!.getTime() - b.state.dueAt!.getTime())[0];
          }
          const isNew = card.version === 0;
          const roll = random();
          const grade = isNew && roll < 0.05 ? 10 : roll < 0.15 ? 0 : roll < 0.45 ? 3 : 5;
          const event = decideGrade(
            { userId: user.id, course, materialType: materialTypeOf(course), materialId: card.material.materialId, level: card.material.level, grade },
            isNew ? null : card.state,
            { now: user.now, subscriptionActive: true },
          );
          const result = await store.append(cardStreamId(user.id, course, materialTypeOf(course), card.material.materialId), CARD_STREAM_TYPE, card.version, [event]);
          const level = card.material.level;
          const bump = (mastery: string, by: number) => {
            const key = `${user.id}|${course}|${level}|${mastery}`;
            expectedCounts.set(key, (expectedCounts.get(key) ?? 0) + by);
          };
          if (!isNew) bump(event.data.masteryBefore, -1);
          bump(event.data.masteryAfter, 1);
          const activityKey = `${user.id}|${course}`;
          const activity = expectedActivity.get(activityKey) ?? { lessons: 0, reviews: 0, days: new Set<string>() };
          if (isNew) activity.lessons++;
          else activity.reviews++;
          activity.days.add(calendarDay(user.now, user.zone));
          expectedActivity.set(activityKey, activity);
          user.cards.set(`${course}-${card.material.materialId}`, { material: card.material, state: evolve(card.state, event), version: result.streamVersion });
        }
      }),
    );
    const gradeCount = await db.pool.query(`select count(*)::int as n from events where event_type in ('CardLearned', 'CardGraded')`);
    expect(gradeCount.rows[0].n).toBe(USERS * GRADES_PER_USER);

    // Let the reactor grant what it grants, and the read models apply it, until nothing moves any more. One look
    // suffices: the reactor appends its grants in the transaction that moves its checkpoint, so with every checkpoint
    // (the reactor's too) past every event in one snapshot, nothing is left to move.
    const names = [...PROGRESS_PROJECTIONS.map((p) => p.name), 'awards_reactor'];
    await eventually('the read models and the awards reactor caught up', () => caughtUp(db.pool, names), 120_000, 50);
    await reactor.stop();
    await runner.stop();

    // The incremental tables say what the simulation says.
    const counts = await db.pool.query('select user_id, course, level, learning, intermediate, mastered from progress_level_counts');
    const actual = new Map<string, number>();
    for (const r of counts.rows) for (const m of ['learning', 'intermediate', 'mastered']) if (r[m]) actual.set(`${r.user_id}|${r.course}|${r.level}|${m}`, r[m]);
    expect(actual).toEqual(new Map([...expectedCounts].filter(([, n]) => n !== 0)));
    const activity = await db.pool.query('select user_id, course, lessons::int, reviews::int, study_days from progress_activity');
    expect(new Map(activity.rows.map((r) => [`${r.user_id}|${r.course}`, { lessons: r.lessons, reviews: r.reviews, studyDays: r.study_days }]))).toEqual(
      new Map([...expectedActivity].map(([k, a]) => [k, { lessons: a.lessons, reviews: a.reviews, studyDays: a.days.size }])),
    );
    const levels = await db.pool.query('select user_id, course, level from progress_levels');
    const perLevel = (userId: string, course: Course) =>
      LEVELS.map((level) => {
        const get = (m: string) => expectedCounts.get(`${userId}|${course}|${level}|${m}`) ?? 0;
        const total = catalogue.filter((m) => m.course === course && m.level === level).length;
        return { level, untrained: total - get('learning') - get('intermediate') - get('mastered'), learning: get('learning'), intermediate: get('intermediate'), mastered: get('mastered') };
      });
    for (const r of levels.rows) expect([r.user_id, r.course, r.level]).toEqual([r.user_id, r.course, levelOf(perLevel(r.user_id, r.course))]);
    expect(levels.rows.some((r) => r.level > 1)).toBe(true);

    // Awards: granted once each, and the read model has them all.
    const awards = await db.pool.query(
      `select data->>'userId' as user_id, data->>'course' as course, (data->>'awardId')::int as award_id, count(*)::int as n
         from events where event_type = 'AwardGranted' group by 1, 2, 3`,
    );
    expect(awards.rows.length).toBeGreaterThan(USERS);
    expect(awards.rows.every((r) => r.n === 1)).toBe(true);
    expect(awards.rows.some((r) => r.award_id === 3)).toBe(true); // Persistence: 7 study days
    expect((await db.pool.query('select count(*)::int as n from progress_awards')).rows[0].n).toBe(awards.rows.length);

    for (const projection of PROGRESS_PROJECTIONS) {
      const incremental = await snapshot(db.pool, projection);
      expect(Object.values(incremental).some((rows) => rows.length > 0)).toBe(true);
      await rebuildProjection(db.pool, projection, { batchSize: 1_000 });
      expect(await snapshot(db.pool, projection)).toEqual(incremental);
      await rebuildProjection(db.pool, projection, { blueGreen: true, batchSize: 3_000 });
      expect(await snapshot(db.pool, projection)).toEqual(incremental);
    }
  });
});
