import { randomUUID } from 'node:crypto';
import { createIsolatedDatabase } from '../../../test/test-db';
import { withTransaction } from '../../platform/database/database';
import { EventStore } from '../../platform/event-store/event-store';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { ACTIVITY_PROJECTION } from '../activity/activity.projection';
import { awardStreamId } from '../award.events';
import { LEVELS_PROJECTION } from '../levels/levels.projection';
import { AWARDS_REACTOR, awardsReactor } from './awards.reactor';

// The reactor on batches handed to it directly: the read models it waits for are marked as caught up, and the
// learner's progress is written into them by hand.

describe('awards reactor', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    store = new EventStore(db.pool);
    await db.pool.query(
      `insert into projection_checkpoints (name, last_tx, last_position) select unnest($1::text[]), '1000000'::xid8, 1000000
       on conflict (name) do update set last_tx = excluded.last_tx, last_position = excluded.last_position`,
      [[LEVELS_PROJECTION, ACTIVITY_PROJECTION]],
    );
  });
  afterAll(() => db.drop());

  const learned = (userId: string, reviewedAt: string): RecordedEvent => ({
    globalPosition: 1,
    transactionId: '1',
    streamId: `card-${randomUUID()}`,
    streamVersion: 1,
    eventId: randomUUID(),
    type: 'CardLearned',
    schemaVersion: 1,
    data: { userId, course: 'kana', reviewedAt },
    metadata: {},
    actorId: null,
    recordedAt: new Date(reviewedAt),
  });
  const cards = (userId: string, learning: number, intermediate: number) =>
    db.pool.query(
      `insert into progress_level_counts (user_id, course, level, learning, intermediate, mastered) values ($1, 'kana', 1, $2, $3, 0)
       on conflict (user_id, course, level) do update set learning = excluded.learning, intermediate = excluded.intermediate`,
      [userId, learning, intermediate],
    );
  // As the runner applies a batch: the wait for the read models first, then the transaction.
  const apply = async (events: RecordedEvent[]) => {
    const reactor = awardsReactor(db.pool, { waitMs: 1_000 });
    await reactor.beforeApply!(events);
    await withTransaction(db.pool, (tx) => reactor.apply(tx, events, {}));
  };

  it('grants each award once, at the stream version it read, however often a batch is applied', async () => {
    const userId = randomUUID();
    await cards(userId, 1, 0);
    const first = learned(userId, '2030-01-02T03:04:05.000Z');
    await apply([first]);
    await apply([first]); // the same batch again: a checkpoint lost after the commit

    await cards(userId, 0, 1);
    const second = learned(userId, '2030-01-09T03:04:05.000Z');
    await apply([second]);
    await apply([first, second]);

    const stream = await store.readStream(awardStreamId(userId, 'kana'));
    expect(stream.map((e) => [e.streamVersion, e.data.awardId, e.data.grantedAt])).toEqual([
      [1, 1, '2030-01-02T03:04:05.000Z'],
      [2, 2, '2030-01-09T03:04:05.000Z'],
    ]);
    expect(stream[1].metadata).toMatchObject({ actor: AWARDS_REACTOR, causationId: second.eventId });
  });

  it('a learner with nothing earned gets no stream', async () => {
    const userId = randomUUID();
    await apply([learned(userId, '2030-01-02T03:04:05.000Z')]);
    expect(await store.streamVersion(awardStreamId(userId, 'kana'))).toBe(0);
  });
});
