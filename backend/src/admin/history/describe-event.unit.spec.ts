import { actorOf, changesOf, dataOf, redact, StoredEvent } from './describe-event';

const event = (type: string, data: Record<string, unknown>, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  eventId: 'e1',
  streamId: 'material-sentence-5',
  streamVersion: 2,
  globalPosition: 10,
  type,
  data,
  metadata: {},
  actorId: null,
  recordedAt: new Date('2030-01-01T00:00:00Z'),
  ...extra,
});

describe('describing an event for the History tab', () => {
  it('shows a material revision as before → after under Material field names', () => {
    const e = event('MaterialRevised', { materialType: 'sentence', materialId: 5, source: 'admin', changes: { translation: { before: 'a', after: 'b' } } });
    expect(changesOf(e)).toEqual([{ field: 'sentence_meaning', before: 'a', after: 'b' }]);
    expect(dataOf(e)).toEqual({ materialType: 'sentence', materialId: 5, source: 'admin' });
  });

  it('shows settings changes against the previous settings (or the defaults)', () => {
    const e = event('SettingsChanged', { userId: 'u', changed: ['vocab_prompt'], settings: { vocab_prompt: 'audio' } });
    expect(changesOf(e)).toEqual([{ field: 'vocab_prompt', before: 'text', after: 'audio' }]);
    expect(changesOf(e, { settings: { vocab_prompt: 'audio-text' } })).toEqual([{ field: 'vocab_prompt', before: 'audio-text', after: 'audio' }]);
    expect(dataOf(e)).toBeUndefined();
  });

  it('shows subscription, role and time zone changes; other events only their data', () => {
    expect(changesOf(event('SubscriptionChanged', { from: 'inactive', status: 'active' }))).toEqual([{ field: 'subscription_status', before: 'inactive', after: 'active' }]);
    expect(changesOf(event('AdminRoleGranted', {}))).toEqual([{ field: 'is_admin', before: false, after: true }]);
    expect(changesOf(event('TimeZoneSet', { timezone: 'Asia/Tokyo' }))).toEqual([{ field: 'timezone', before: 'UTC', after: 'Asia/Tokyo' }]);
    expect(changesOf(event('CardGraded', { grade: 5 }))).toEqual([]);
    expect(dataOf(event('CardGraded', { grade: 5 }))).toEqual({ grade: 5 });
  });

  it('never shows secrets, at any depth', () => {
    expect(redact({ a: 1, passwordHash: 'x', nested: [{ token: 'y', ok: true }], resetTokenHash: 'z', apiSecret: 's' })).toEqual({ a: 1, nested: [{ ok: true }] });
  });

  it('names the actor: a person (admin or learner), the operator, the content loader, the system', () => {
    const people = new Map([
      ['a', { name: 'Ada', email: 'ada@x', isAdmin: true }],
      ['l', { name: null, email: 'lee@x', isAdmin: false }],
      ['gone', { name: null, email: null, isAdmin: false }],
    ]);
    expect(actorOf(event('X', {}, { actorId: 'a' }), people)).toEqual({ id: 'a', name: 'Ada', kind: 'admin' });
    expect(actorOf(event('X', {}, { actorId: 'l' }), people)).toEqual({ id: 'l', name: 'lee@x', kind: 'user' });
    expect(actorOf(event('X', {}, { actorId: 'gone' }), people)).toEqual({ id: 'gone', name: 'Erased account', kind: 'user' });
    expect(actorOf(event('X', {}, { metadata: { actor: 'operator' } }), people)).toEqual({ id: null, name: 'operator', kind: 'operator' });
    expect(actorOf(event('X', {}, { metadata: { actor: 'content-loader' } }), people)).toEqual({ id: null, name: 'content loader', kind: 'system' });
    expect(actorOf(event('X', {}), people)).toEqual({ id: null, name: 'system', kind: 'system' });
  });
});
