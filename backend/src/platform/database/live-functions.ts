import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';

/** backend/functions/: one file per SQL function, its live definition (migration 053). */
export const FUNCTIONS_DIR = join(__dirname, '..', '..', '..', 'functions');

const FILE_NAME = /^([a-z_][a-z0-9_]*)\.sql$/;

export interface LiveFunctionFile {
  /** the function the file defines: its name without .sql */
  name: string;
  file: string;
  text: string;
  sha256: string;
}

/** The live function files of `dir`, by name. */
export function liveFunctionFiles(dir: string = FUNCTIONS_DIR): LiveFunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`functions/${file}: a live function file is named <function name>.sql, in lower case`);
      const text = readFileSync(join(dir, file), 'utf8');
      return { name: match[1], file, text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Applies every live function file whose sha256 differs from the one schema_functions records, in the caller's
 * transaction, which holds the migrations' advisory lock: a second process starting at the same time waits, then
 * finds every file recorded and applies none. Runs after the numbered migrations, so a file may rely on the head
 * schema, and a numbered migration that calls a function calls the history's version.
 *
 * A database that has a numbered migration this release does not know was migrated by a newer release: its
 * functions are left as they are, so an older app restarting during a deploy never puts its definitions back.
 * Answers the files applied, as "functions/<file>".
 */
export async function applyLiveFunctions(
  client: Client,
  knownMigrations: readonly string[],
  dir: string,
  log: (line: string) => void,
): Promise<string[]> {
  const ahead = await client.query<{ name: string }>(
    'select name from schema_migrations where not (name = any($1::text[])) order by name desc limit 1',
    [knownMigrations],
  );
  if (ahead.rowCount) {
    log(`live functions left as they are: the database has migration ${ahead.rows[0].name}, which this release does not know`);
    return [];
  }
  const recorded = new Map(
    (await client.query<{ name: string; sha256: string }>('select name, sha256 from schema_functions')).rows.map((r) => [r.name, r.sha256]),
  );
  const applied: string[] = [];
  for (const f of liveFunctionFiles(dir)) {
    if (recorded.get(f.name) === f.sha256) continue;
    try {
      await client.query(f.text);
    } catch (error) {
      throw new Error(`Live function functions/${f.file} failed: ${(error as Error).message}`);
    }
    const defined = await client.query('select 1 from pg_proc where proname = $1 and pronamespace = current_schema()::regnamespace', [f.name]);
    if (!defined.rowCount) throw new Error(`Live function functions/${f.file} defines no function named ${f.name}`);
    await client.query(
      `insert into schema_functions (name, sha256) values ($1, $2)
       on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
      [f.name, f.sha256],
    );
    applied.push(`functions/${f.file}`);
    log(`applied functions/${f.file}`);
  }
  return applied;
}
