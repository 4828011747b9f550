// Issue 16 acceptance: two Kioku deployments (two databases) on one Redis, each with the default media queue (its
// prefix from its own deployment id). An admin's fetch_breakdown on each is run by that deployment's own worker
// and recorded in its own database; nothing crosses over.
import { MEDIA_QUEUE, MediaQueue } from '../src/media';
import { AdminTestContext, eventually, startAdminTestApp } from '../src/admin/testing/admin-test-app';

const VOCAB = 640697243; // 私 わたし, with a sentence (content fixtures)

describe('two deployments on one Redis', () => {
  const deployments: AdminTestContext[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      deployments.push(
        await startAdminTestApp({
          runner: true,
          // The default: no prefix configured, so each names its queue after its own database.
          env: { MEDIA_QUEUE_PREFIX: '', VOICE_AUTO: 'off' },
          // The test databases are clones of one template and share its id; a real second install has its own.
          beforeStart: async (db) => void (await db.pool.query('update deployment_identity set id = gen_random_uuid()')),
        }),
      );
    }
  });
  afterAll(async () => {
    for (const t of deployments) {
      await t.app.app.get<MediaQueue>(MEDIA_QUEUE).queue.obliterate({ force: true }).catch(() => undefined);
      await t.close();
    }
  });

  it('runs each media action in its own deployment and records it in its own database', async () => {
    const queues = await Promise.all(
      deployments.map(async (t) => {
        const q = t.app.app.get<MediaQueue>(MEDIA_QUEUE);
        await q.named$();
        return q.prefix;
      }),
    );
    expect(queues[0]).toMatch(/^kioku-[0-9a-f]{8}$/);
    expect(queues[1]).toMatch(/^kioku-[0-9a-f]{8}$/);
    expect(queues[0]).not.toBe(queues[1]);

    const requests = await Promise.all(
      deployments.map(async (t) => {
        const res = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { fetch_breakdown: true } });
        expect(res.statusCode).toBe(202);
        return res.json().request_id as string;
      }),
    );
    for (const [i, t] of deployments.entries()) {
      const job = await eventually(`deployment ${i}'s breakdown`, async () => {
        const d = (await t.admin.session.get(`/api/admin/materials/${VOCAB}?type=vocab`)).json();
        return d.jobs.find((j: { action: string; status: string }) => j.action === 'fetch_breakdown' && j.status !== 'pending');
      });
      expect(job).toMatchObject({ status: 'succeeded', request_id: requests[i] });
    }
    for (const [i, t] of deployments.entries()) {
      const outcomes = (
        await t.db.pool.query(`select data->>'requestEventId' as request from events where event_type in ('MediaActionSucceeded', 'MediaActionFailed') order by global_position`)
      ).rows.map((r) => r.request);
      // Its own request's outcome, once; never the other deployment's.
      expect(outcomes).toEqual([requests[i]]);
    }
  });
});
