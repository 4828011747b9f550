import { randomUUID } from 'node:crypto';
import { MEDIA_QUEUE, MediaQueue, QUEUE_UNAVAILABLE } from '../../../media';
import { EventStore } from '../../../platform/event-store/event-store';
import { AdminTestContext, eventually, startAdminTestApp } from '../../testing/admin-test-app';

const VOCAB = 640697243; // 私 わたし, with a sentence
const KANA = 12354; // あ

describe('POST /api/admin/materials/:id/actions', () => {
  describe('with the queue and the worker running in the app', () => {
    let t: AdminTestContext;
    beforeAll(async () => {
      t = await startAdminTestApp({ runner: true, env: { MEDIA_QUEUE_PREFIX: `kioku-test-admin-${randomUUID().slice(0, 8)}` } });
    });
    afterAll(async () => {
      await t.app.app.get<MediaQueue>(MEDIA_QUEUE).queue.obliterate({ force: true }).catch(() => undefined);
      await t.close();
    });

    const detail = async (type: string, id: number) => (await t.admin.session.get(`/api/admin/materials/${id}?type=${type}`)).json();

    it('approve_audio flips is_audio_approved at once, with the admin in the history', async () => {
      const res = await t.admin.session.post(`/api/admin/materials/${KANA}/actions`, { type: 'kana', actions: { approve_audio: true } });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ requested: ['approve_audio'] });
      expect((await detail('kana', KANA)).material.is_audio_approved).toBe(true);
      const history = (await t.admin.session.get(`/api/admin/history?stream=material-kana-${KANA}`)).json();
      expect(history.items[0]).toMatchObject({
        type: 'MaterialRevised',
        actor: { id: t.admin.id, kind: 'admin' },
        changes: [{ field: 'is_audio_approved', before: false, after: true }],
      });
      const back = await t.admin.session.post(`/api/admin/materials/${KANA}/actions`, { type: 'kana', actions: { unapprove_audio: true } });
      expect(back.statusCode).toBe(202);
      expect((await detail('kana', KANA)).material.is_audio_approved).toBe(false);
    });

    it('unapprove_audio on a card with only the system voice takes the voice off it; approve_audio gives it back (issue 31)', async () => {
      // Never approved nor unapproved: the system voice plays. Unapproving it used to record no change at all.
      expect((await detail('vocab', VOCAB)).material).toMatchObject({ audio_vetoed: false, audio_url: null });
      const off = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { unapprove_audio: true } });
      expect(off.statusCode).toBe(202);
      expect((await detail('vocab', VOCAB)).material.audio_vetoed).toBe(true);
      const history = (await t.admin.session.get(`/api/admin/history?stream=material-vocab-${VOCAB}`)).json();
      expect(history.items[0]).toMatchObject({ type: 'MaterialRevised', changes: [{ field: 'is_audio_approved', after: false }] });
      const on = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { approve_audio: true } });
      expect(on.statusCode).toBe(202);
      expect((await detail('vocab', VOCAB)).material.audio_vetoed).toBe(false);
    });

    it('fetch_breakdown records MediaActionRequested, the worker runs it and the sentence breakdown changes', async () => {
      const store = new EventStore(t.db.pool);
      const stream = `material-vocab-${VOCAB}`;
      const before = await detail('vocab', VOCAB);
      // Make the breakdown differ from what the job will produce, so the change is visible.
      const seeded = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, {
        type: 'vocab',
        version: before.material.version,
        sentence_breakdown: [{ word: '私', pronunciation: 'x', meaning: 'placeholder' }],
      });
      expect(seeded.statusCode).toBe(200);

      const res = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { fetch_breakdown: true } }, { headers: { 'Idempotency-Key': `breakdown-${randomUUID()}` } });
      expect(res.statusCode).toBe(202);
      const { request_id, requested } = res.json();
      expect(requested).toEqual(['fetch_breakdown']);
      const requestEvent = (await store.readStream(stream)).find((e) => e.eventId === request_id)!;
      expect(requestEvent).toMatchObject({ type: 'MediaActionRequested', actorId: t.admin.id, data: { materialType: 'vocab', materialId: VOCAB, actions: ['fetch_breakdown'] } });

      const done = await eventually('the breakdown job', async () => {
        const d = await detail('vocab', VOCAB);
        return d.jobs.find((j: { action: string; status: string }) => j.action === 'fetch_breakdown' && j.status !== 'pending') ? d : null;
      });
      expect(done.jobs).toEqual([expect.objectContaining({ action: 'fetch_breakdown', status: 'succeeded', request_id })]);
      expect(done.material.sentence_breakdown).not.toEqual(seeded.json().material.sentence_breakdown);
      expect(done.material.sentence_breakdown[0]).toMatchObject({ word: expect.any(String), pronunciation: expect.any(String) });
      // The result is a revision with the requesting admin as actor; the edit version moved, so an edit based on
      // the version before the job is refused rather than silently overwriting the result.
      expect(done.material.version).toBeGreaterThan(seeded.json().material.version);
      const history = (await t.admin.session.get(`/api/admin/history?stream=${stream}`)).json().items;
      const types = history.map((i: { type: string }) => i.type);
      expect(types).toEqual(expect.arrayContaining(['MediaActionRequested', 'MediaActionSucceeded', 'MaterialRevised']));
      const applied = history.find((i: { type: string; changes: { field: string }[] }) => i.type === 'MaterialRevised' && i.changes.some((c) => c.field === 'sentence_breakdown'));
      expect(applied.actor).toMatchObject({ id: t.admin.id, kind: 'admin' });
      const stale = await t.admin.session.patch(`/api/admin/materials/${VOCAB}`, { type: 'vocab', version: seeded.json().material.version, sentence_meaning: 'stale' });
      expect(stale.statusCode).toBe(409);
      // Learners see the new breakdown in the catalogue.
      const { rows } = await t.db.pool.query(`select data->'sentence_breakdown' as b from materials where material_type = 'vocab' and material_id = $1`, [VOCAB]);
      expect(rows[0].b).toEqual(done.material.sentence_breakdown);
    });

    it('answers 400 for an unknown action, contradicting approvals or no action, and 404 for an unknown material', async () => {
      const unknown = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { fetch_cats: true } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toMatch(/Unknown media action: fetch_cats/);
      const both = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { approve_image: true, unapprove_image: true } });
      expect(both.statusCode).toBe(400);
      expect((await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: {} })).statusCode).toBe(400);
      expect((await t.admin.session.post(`/api/admin/materials/999/actions`, { type: 'vocab', actions: { approve_audio: true } })).statusCode).toBe(404);
    });
  });

  describe('while Redis cannot be reached', () => {
    let t: AdminTestContext;
    beforeAll(async () => {
      t = await startAdminTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    });
    afterAll(() => t.close());

    it('answers 503 with a clear message and records no request; approvals and learner calls still work', async () => {
      const res = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { fetch_audio: true, approve_image: true } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'unavailable', detail: QUEUE_UNAVAILABLE });
      const { rows } = await t.db.pool.query(`select event_type from events where stream_id = $1 and event_type in ('MediaActionRequested', 'MaterialRevised')`, [
        `material-vocab-${VOCAB}`,
      ]);
      expect(rows.filter((r) => r.event_type === 'MediaActionRequested')).toEqual([]);
      expect(rows.filter((r) => r.event_type === 'MaterialRevised')).toEqual([]); // not half-done: the approval was not recorded either

      const approve = await t.admin.session.post(`/api/admin/materials/${VOCAB}/actions`, { type: 'vocab', actions: { approve_image: true } });
      expect(approve.statusCode).toBe(202);

      const card = await t.learner.session.get('/api/flashcard?course=kana');
      expect(card.statusCode).toBe(200);
      expect((await t.learner.session.get('/api/kanji?course=kanji1')).statusCode).toBe(200);
      expect((await t.learner.session.get(`/api/vocabs/${VOCAB}`)).statusCode).toBe(200);
    });
  });
});
