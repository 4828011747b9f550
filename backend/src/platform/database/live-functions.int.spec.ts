import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createIsolatedDatabase } from '../../../test/test-db';
import { quoteIdent } from './database';
import { FUNCTIONS_DIR, liveFunctionFiles } from './live-functions';
import { ensureDatabase, migrate } from './migrations';

// The live function files (migration 053, issue 33): one file per SQL function, applied by migrate() when its text
// changed, on real PostgreSQL.

const LAST_MIGRATION_BEFORE_LIVE_FILES = '052_vacation_and_catch_up.sql';

/** A database of this test run (the teardown drops what is left), not migrated: as a new install finds it. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(process.env.KIOKU_TEST_ADMIN_URL!);
  const name = `${process.env.KIOKU_TEST_RUN_ID}_lf_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const drop = async () => {
    const admin = new Client({ connectionString: process.env.KIOKU_TEST_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`).finally(() => admin.end());
  };
  return { url: url.toString(), drop };
}

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every function of the schema: its signature and pg_get_functiondef (body, settings, volatility…). */
function functionDefinitions(url: string): Promise<Array<{ signature: string; definition: string }>> {
  return withClient(url, async (c) =>
    (
      await c.query<{ signature: string; definition: string }>(
        `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
           from pg_proc p where p.pronamespace = current_schema()::regnamespace order by 1`,
      )
    ).rows,
  );
}

function recordedFunctions(url: string): Promise<Array<{ name: string; sha256: string; applied_at: Date }>> {
  return withClient(url, async (c) => (await c.query('select name, sha256, applied_at from schema_functions order by name')).rows);
}

/** A copy of the live function files, with `study_known_words.sql` changed inside its body. */
function changedFunctionsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-live-functions-'));
  cpSync(FUNCTIONS_DIR, dir, { recursive: true });
  const file = join(dir, 'study_known_words.sql');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('language sql stable as $$\n');
  writeFileSync(file, text.replace('language sql stable as $$\n', () => 'language sql stable as $$\n  -- changed by the test\n'));
  return dir;
}

/** The numbered migrations after 053, in order, and the functions they drop and create again (a new column). */
const NUMBERED_AFTER_053 = ['057_catch_up_share_in_counts.sql'];
const REDEFINED_AFTER_053 = ['study_next_card', 'study_grade'];

describe('the live function files', () => {
  it('give a database migrated from scratch and one migrated to 052, then to head, the same definitions', async () => {
    const fresh = await emptyDatabase();
    const upgraded = await emptyDatabase();
    try {
      expect(await migrate(fresh.url)).toEqual(expect.arrayContaining(['053_live_functions.sql', 'functions/study_next_card.sql']));
      await migrate(upgraded.url, undefined, { through: LAST_MIGRATION_BEFORE_LIVE_FILES });
      const before = await functionDefinitions(upgraded.url);
      const applied = await migrate(upgraded.url);
      expect(applied).toEqual(['053_live_functions.sql', ...NUMBERED_AFTER_053, ...liveFunctionFiles().map((f) => `functions/${f.file}`)]);

      const [a, b] = [await functionDefinitions(fresh.url), await functionDefinitions(upgraded.url)];
      expect(b).toEqual(a);
      // The live files are the definitions 052 left (053 moved them, it changed none of them), but for the
      // functions a later migration redefined (057: study_next_card and study_grade gained plan_left_today)…
      const redefinedLater = (f: { signature: string }) => REDEFINED_AFTER_053.some((name) => f.signature.startsWith(`${name}(`));
      expect(b.filter((f) => !redefinedLater(f))).toEqual(before.filter((f) => !redefinedLater(f)));
      // …including the overloads kept for an app of a version before 046 during a deploy.
      expect(a.map((f) => f.signature)).toEqual(
        expect.arrayContaining([
          'study_record_grade(text,text,bigint,uuid,text,smallint,jsonb,jsonb,uuid,uuid,text,text,integer,smallint,integer,text,integer,timestamp with time zone,timestamp with time zone,boolean,text,text,text)',
          'study_grade(uuid,text,text,text,bigint,uuid,text,smallint,jsonb,jsonb,uuid,text,integer,smallint,integer,text,integer,timestamp with time zone,timestamp with time zone,boolean,text,text,text,boolean,timestamp with time zone,integer,integer,boolean)',
        ]),
      );
    } finally {
      await fresh.drop();
      await upgraded.drop();
    }
  });

  it('hold every function of the schema, and schema_functions records each file as it is', async () => {
    const db = await createIsolatedDatabase();
    try {
      const files = liveFunctionFiles();
      const names = [...new Set((await functionDefinitions(db.url)).map((f) => f.signature.replace(/\(.*$/, '')))].sort();
      expect(names).toEqual(files.map((f) => f.name));
      expect((await recordedFunctions(db.url)).map(({ name, sha256 }) => ({ name, sha256 }))).toEqual(files.map(({ name, sha256 }) => ({ name, sha256 })));
      for (const f of files) expect(f.text).toMatch(new RegExp(`^create or replace function ${f.name}\\(`, 'm'));
    } finally {
      await db.drop();
    }
  });

  it('apply a changed file again and leave the unchanged ones alone', async () => {
    const db = await createIsolatedDatabase();
    const dir = changedFunctionsDir();
    try {
      const before = await recordedFunctions(db.url);
      expect(await migrate(db.url, undefined, { functionsDir: dir })).toEqual(['functions/study_known_words.sql']);
      const after = await recordedFunctions(db.url);
      const known = (await functionDefinitions(db.url)).find((f) => f.signature.startsWith('study_known_words('))!;
      expect(known.definition).toContain('-- changed by the test');
      expect(after.filter((r) => r.name !== 'study_known_words')).toEqual(before.filter((r) => r.name !== 'study_known_words'));
      expect(after.find((r) => r.name === 'study_known_words')!.sha256).not.toBe(before.find((r) => r.name === 'study_known_words')!.sha256);

      expect(await migrate(db.url, undefined, { functionsDir: dir })).toEqual([]);
      // The release's own files put the function back as they have it.
      expect(await migrate(db.url)).toEqual(['functions/study_known_words.sql']);
      expect((await recordedFunctions(db.url)).map((r) => r.sha256)).toEqual(before.map((r) => r.sha256));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('race no one: two processes migrating one database at once apply each migration and each file once', async () => {
    const fresh = await emptyDatabase();
    const db = await createIsolatedDatabase();
    const dir = changedFunctionsDir();
    try {
      const [a, b] = await Promise.all([migrate(fresh.url), migrate(fresh.url)]);
      const expected = [
        ...(await withClient(fresh.url, async (c) => (await c.query('select name from schema_migrations order by name')).rows.map((r) => r.name))),
        ...liveFunctionFiles().map((f) => `functions/${f.file}`),
      ];
      expect([...a, ...b].sort()).toEqual(expected.sort());
      expect((await recordedFunctions(fresh.url)).length).toBe(liveFunctionFiles().length);

      // A changed file on a migrated database: one of the two applies it, the other finds it recorded.
      const [c, d] = await Promise.all([migrate(db.url, undefined, { functionsDir: dir }), migrate(db.url, undefined, { functionsDir: dir })]);
      expect([...c, ...d]).toEqual(['functions/study_known_words.sql']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await fresh.drop();
      await db.drop();
    }
  });

  it('are left as they are on a database a newer release migrated (an older app restarting during a deploy)', async () => {
    const db = await createIsolatedDatabase();
    const dir = changedFunctionsDir();
    try {
      await db.pool.query(`insert into schema_migrations (name) values ('999_of_a_newer_release.sql')`);
      const before = await recordedFunctions(db.url);
      const log: string[] = [];
      expect(await migrate(db.url, (line) => log.push(line), { functionsDir: dir })).toEqual([]);
      expect(log).toEqual(['live functions left as they are: the database has migration 999_of_a_newer_release.sql, which this release does not know']);
      expect(await recordedFunctions(db.url)).toEqual(before);
      const known = (await functionDefinitions(db.url)).find((f) => f.signature.startsWith('study_known_words('))!;
      expect(known.definition).not.toContain('-- changed by the test');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('refuse a file that defines no function of its name, and apply nothing of that run', async () => {
    const db = await createIsolatedDatabase();
    const dir = changedFunctionsDir();
    writeFileSync(join(dir, 'study_misnamed.sql'), 'create or replace function study_other_name() returns int language sql as $$ select 1 $$;\n');
    try {
      const before = await recordedFunctions(db.url);
      await expect(migrate(db.url, undefined, { functionsDir: dir })).rejects.toThrow('Live function functions/study_misnamed.sql defines no function named study_misnamed');
      expect(await recordedFunctions(db.url)).toEqual(before);
      const names = (await functionDefinitions(db.url)).map((f) => f.signature);
      expect(names).not.toContain('study_other_name()');
      expect(names.find((s) => s.startsWith('study_known_words('))).toBeDefined();
      expect((await functionDefinitions(db.url)).find((f) => f.signature.startsWith('study_known_words('))!.definition).not.toContain('-- changed by the test');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  });

  it('keep the overloads of the version before 046 callable (an app of that version during a deploy)', async () => {
    const db = await createIsolatedDatabase();
    try {
      const user = randomUUID();
      const { rows } = await db.pool.query(
        `select duplicate, card from study_grade($1::uuid, 'kanji1', $2, 'card', 0, $3::uuid, 'CardGraded', 1::smallint, '{}'::jsonb, '{}'::jsonb, null::uuid,
                 'kanji', 1, 1::smallint, 1, 'learning', 4, now(), now(), true, null, null, null, false, now(), 1, 1, false)`,
        [user, `card-${user}-kanji1-kanji-1`, randomUUID()],
      );
      expect(rows).toEqual([{ duplicate: false, card: null }]);
      const card = await db.pool.query('select attempts, mastery, interval_hours, lapses, memory from card_states where user_id = $1', [user]);
      expect(card.rows).toEqual([{ attempts: 1, mastery: 'learning', interval_hours: 4, lapses: 0, memory: null }]);
    } finally {
      await db.drop();
    }
  });
});
