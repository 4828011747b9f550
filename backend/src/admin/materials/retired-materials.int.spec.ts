import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent } from '../../content';
import { EventStore } from '../../platform/event-store/event-store';
import { AdminTestContext, CONTENT_FIXTURES, startAdminTestApp } from '../testing/admin-test-app';

// Admins see retired materials (catalogue/README.md "Retiring"): listed with a flag and filters, still open,
// editable, with the retirement in their history. Fixture facts: word 1613323821 (日曜日) is the word of
// reading 779664548 (日 ニチ) and a candidate of reading 1412200543 (日 ひ).
const WORD = 1613323821;
const READING = 779664548;
const OTHER_READING = 1412200543;

describe('retired materials in the admin API', () => {
  let t: AdminTestContext;
  let dir: string;
  beforeAll(async () => {
    t = await startAdminTestApp();
    dir = mkdtempSync(join(tmpdir(), 'kioku-admin-retired-'));
    cpSync(CONTENT_FIXTURES, dir, { recursive: true });
    const entries = JSON.parse(readFileSync(join(dir, 'vocab.json'), 'utf8')) as { id: number }[];
    writeFileSync(join(dir, 'vocab.json'), JSON.stringify(entries.filter((e) => e.id !== WORD)));
    expect(await loadContent(t.db.pool, new EventStore(t.db.pool), { dir })).toMatchObject({ retired: 1 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const res = await t.admin.session.get(url);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists a retired word with its flag, and filters retired and not retired materials', async () => {
    const all = await get('/api/admin/materials?type=vocab');
    expect(all.items.find((i: { id: number }) => i.id === WORD)).toMatchObject({ retired: true, servable: false });
    expect(all.items.filter((i: { retired: boolean }) => i.retired)).toHaveLength(1);
    const retired = await get('/api/admin/materials?type=vocab&filters=retired');
    expect(retired.items.map((i: { id: number }) => i.id)).toEqual([WORD]);
    const kept = await get('/api/admin/materials?type=vocab&filters=not_retired');
    expect(kept.total).toBe(all.total - 1);
    // The reading card taught with it is not served, but it is not retired: the content may give it another word.
    const readings = await get('/api/admin/materials?type=reading&filters=not_servable+not_retired');
    expect(readings.items.map((i: { id: number }) => i.id)).toContain(READING);
  });

  it('still opens a retired word, says why, lets an admin edit it, and shows the retirement in its history', async () => {
    const detail = await get(`/api/admin/materials/${WORD}?type=vocab`);
    expect(detail.material).toMatchObject({ id: WORD, vocab: '日曜日', servable: false, retired: true, retired_reason: 'removed-from-content' });
    const edit = await t.admin.session.patch(
      `/api/admin/materials/${WORD}`,
      { type: 'vocab', version: detail.material.version, vocab_meaning: 'Sunday (the day)' },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(edit.statusCode).toBe(200);
    expect((await get(`/api/admin/materials/${WORD}?type=vocab`)).material).toMatchObject({ vocab_meaning: 'Sunday (the day)', retired: true });

    const history = (await get(`/api/admin/history?stream=material-vocab-${WORD}`)).items;
    const retirement = history.find((i: { type: string }) => i.type === 'MaterialRetired');
    expect(retirement).toMatchObject({
      actor: { kind: 'system', name: 'content loader' },
      changes: [{ field: 'retired', before: false, after: true }],
      data: { reason: 'removed-from-content', source: 'content' },
    });
  });

  it('marks a retired candidate word of a reading', async () => {
    const detail = await get(`/api/admin/materials/${OTHER_READING}?type=reading`);
    const options = detail.reading.vocab_id_options as { id: number; retired: boolean }[];
    expect(options.find((o) => o.id === WORD)).toMatchObject({ retired: true });
    expect(options.filter((o) => o.id !== WORD).every((o) => o.retired === false)).toBe(true);
    expect((await get(`/api/admin/materials/${READING}?type=reading`)).material).toMatchObject({ servable: false, retired: false });
  });
});
