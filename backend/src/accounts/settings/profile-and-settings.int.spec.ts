import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createPool } from '../../platform/database/database';
import { signUpTestUser } from '../testing/test-session';

describe('profile, settings, time zone and updates', () => {
  let app: TestApp;
  let pool: Pool;
  beforeAll(async () => {
    app = await startTestApp();
    pool = createPool(process.env.DATABASE_URL!, 4);
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  const events = async (userId: string, type: string) =>
    (await pool.query('select data, actor_id from events where stream_id = $1 and event_type = $2 order by stream_version', [`user-${userId}`, type])).rows;

  it('patches settings partially and answers the whole new settings', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.patch('/api/users/settings', { vocab_prompt: 'audio', vocab_hide_text: true, furigana: 'faint' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      keyboard_shortcuts: true,
      audio_autoplay: true,
      vocab_prompt: 'audio',
      vocab_hide_text: true,
      vocab_audio_autoplay: true,
      furigana: 'faint',
      typed_reading: false,
      vocab_typed_answer: 'off',
    });
    const second = await user.session.patch('/api/users/settings', { keyboard_shortcuts: false });
    expect(second.json()).toMatchObject({ keyboard_shortcuts: false, vocab_prompt: 'audio', vocab_hide_text: true });
    expect((await user.session.get('/api/users/profile')).json().settings).toEqual(second.json());
    const recorded = await events(user.id, 'SettingsChanged');
    expect(recorded).toHaveLength(2);
    expect(recorded[1]).toEqual({ data: { userId: user.id, changed: ['keyboard_shortcuts'], settings: second.json() }, actor_id: user.id });
    // Nothing changes, nothing recorded.
    await user.session.patch('/api/users/settings', { keyboard_shortcuts: false });
    expect(await events(user.id, 'SettingsChanged')).toHaveLength(2);
  });

  it('refuses vocab_hide_text with a text prompt (400 naming the field) and unknown fields', async () => {
    const user = await signUpTestUser(app.inject);
    const hide = await user.session.patch('/api/users/settings', { vocab_hide_text: true });
    expect(hide.statusCode).toBe(400);
    expect(hide.json().errors).toEqual([{ field: 'vocab_hide_text', message: expect.stringMatching(/audio/) }]);
    expect(hide.json().detail).toMatch(/vocab_hide_text/);
    const mixed = await user.session.patch('/api/users/settings', { vocab_prompt: 'audio-text', vocab_hide_text: true });
    expect(mixed.statusCode).toBe(400);
    const unknown = await user.session.patch('/api/users/settings', { furigana: 'show', dark_mode: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'dark_mode', message: 'Unknown field "dark_mode".' }]);
    const wrongType = await user.session.patch('/api/users/settings', { furigana: 'loud' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('furigana');
    expect(await events(user.id, 'SettingsChanged')).toHaveLength(0);
  });

  it('turns hide text off when the prompt leaves audio', async () => {
    const user = await signUpTestUser(app.inject);
    await user.session.patch('/api/users/settings', { vocab_prompt: 'audio', vocab_hide_text: true });
    const res = await user.session.patch('/api/users/settings', { vocab_prompt: 'text' });
    expect(res.json()).toMatchObject({ vocab_prompt: 'text', vocab_hide_text: false });
  });

  it('sets a valid IANA time zone and refuses an unknown one', async () => {
    const user = await signUpTestUser(app.inject);
    const ok = await user.session.post('/api/users/timezone', { timezone: 'Asia/Tokyo' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ timezone: 'Asia/Tokyo' });
    expect((await user.session.get('/api/users/profile')).json().timezone).toBe('Asia/Tokyo');
    const bad = await user.session.post('/api/users/timezone', { timezone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('timezone');
    await user.session.post('/api/users/timezone', { timezone: 'Asia/Tokyo' });
    expect(await events(user.id, 'TimeZoneSet')).toEqual([{ data: { userId: user.id, timezone: 'Asia/Tokyo' }, actor_id: user.id }]);
  });

  it('counts unread updates from 3 and clears them', async () => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.get('/api/users/profile')).json().updates_unread).toBe(3);
    const res = await user.session.post('/api/users/updates_read');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updates_unread: 0 });
    expect((await user.session.get('/api/users/profile')).json().updates_unread).toBe(0);
    await user.session.post('/api/users/updates_read');
    expect(await events(user.id, 'UpdatesRead')).toHaveLength(1);
  });

  it('renames the profile without putting the name in the event', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.patch('/api/users/profile', { name: '  Haruki  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Haruki');
    const recorded = await events(user.id, 'ProfileRenamed');
    expect(recorded).toEqual([{ data: { userId: user.id }, actor_id: user.id }]);
    expect((await user.session.patch('/api/users/profile', { name: '' })).statusCode).toBe(400);
  });
});
