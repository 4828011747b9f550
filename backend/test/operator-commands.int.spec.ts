import { join } from 'node:path';
import { Client } from 'pg';
import { createIsolatedDatabase } from './test-db';
import { main } from '../src/cli';
import { loadContent } from '../src/content';
import { EventStore } from '../src/platform/event-store/event-store';

// Issue 28: one `projections:rebuild catalogue --blue-green` appended 2,000 voice requests, ran Open JTalk as its
// own children and left 1,934 jobs behind. An operator command never runs workers or schedules media (ROLE cli).

const FIXTURES = join(__dirname, '..', 'src', 'content', 'load', 'fixtures');

describe('operator commands', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  const saved = { ...process.env };

  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await loadContent(db.pool, new EventStore(db.pool), { dir: FIXTURES });
  });
  afterAll(async () => {
    process.env = saved;
    await db.drop();
  });

  it('a blue-green rebuild from the CLI schedules no voice clip and starts no worker, even with the voice on and running long', async () => {
    // As on a server where the system voice is on and every servable card still lacks its clip.
    process.env = { ...saved, DATABASE_URL: db.url, VOICE_AUTO: 'on', VOICE_SCAN_MS: '200', KIOKU_NO_WORKER: '', KIOKU_NO_RUNNER: '', LOG_LEVEL: 'silent' };
    const servable = Number((await db.pool.query(`select count(*) as n from materials where servable`)).rows[0].n);
    expect(servable).toBeGreaterThan(0);
    // A writer in the middle of an edit keeps the rebuild waiting at its switch for 3 s: time enough for any
    // scheduler the command started (the voice looks after 1 s) to ask for clips.
    const writer = new Client({ connectionString: db.url });
    await writer.connect();
    await writer.query('begin');
    await writer.query(`select 1 from projection_checkpoints where name = 'catalogue' for share`);
    const release = setTimeout(() => void writer.query('commit'), 3_000);
    const started = Date.now();
    try {
      expect(await main(['projections:rebuild', 'catalogue', '--blue-green'])).toBe(0);
    } finally {
      clearTimeout(release);
      await writer.query('rollback').catch(() => undefined);
      await writer.end();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    const media = await db.pool.query(`select event_type, count(*)::int as n from events where event_type like 'Media%' group by 1`);
    expect(media.rows).toEqual([]);
    const owners = await db.pool.query(`select owner_id from projection_checkpoints where owner_id is not null`);
    expect(owners.rows).toEqual([]);
  }, 60_000);
});
