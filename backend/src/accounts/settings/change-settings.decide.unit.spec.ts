import { AppError } from '../../platform/errors/app-error';
import { upcast } from '../../platform/event-store/event-registry';
import { SettingsChanged } from '../user.events';
import { initialUserState } from '../user.state';
import { decideChangeSettings } from './change-settings.decide';

const userId = '5b0b5f39-6f0b-4c6c-9a55-0a4d8c8f2b11';

describe('decideChangeSettings', () => {
  it('given default settings, when one field changes, then one event carries the whole new settings', () => {
    const { events, settings } = decideChangeSettings(initialUserState(userId), { furigana: 'faint' });
    expect(settings.furigana).toBe('faint');
    expect(events).toEqual([{ type: 'SettingsChanged', data: { userId, changed: ['furigana'], settings } }]);
  });

  it('given nothing changes, then no event', () => {
    expect(decideChangeSettings(initialUserState(userId), { furigana: 'show', keyboard_shortcuts: true }).events).toEqual([]);
  });

  it('given a text prompt, when hide text is turned on, then it is refused naming the field', () => {
    try {
      decideChangeSettings(initialUserState(userId), { vocab_hide_text: true });
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).details.fields?.[0].field).toBe('vocab_hide_text');
    }
  });

  it('given an audio prompt in the same patch, when hide text is turned on, then it is accepted', () => {
    const { settings } = decideChangeSettings(initialUserState(userId), { vocab_prompt: 'audio', vocab_hide_text: true });
    expect(settings).toMatchObject({ vocab_prompt: 'audio', vocab_hide_text: true });
  });

  it('given hidden text with an audio prompt, when the prompt becomes text, then hide text turns off', () => {
    const state = { ...initialUserState(userId), settings: { ...initialUserState(userId).settings, vocab_prompt: 'audio' as const, vocab_hide_text: true } };
    const { events, settings } = decideChangeSettings(state, { vocab_prompt: 'audio-text' });
    expect(settings).toMatchObject({ vocab_prompt: 'audio-text', vocab_hide_text: false });
    expect(events[0].data).toMatchObject({ changed: ['vocab_prompt', 'vocab_hide_text'] });
  });

  it('given an erased account, then it is not found, even for a change that would be valid', () => {
    const erased = { ...initialUserState(userId), erased: true };
    expect(() => decideChangeSettings(erased, { furigana: 'faint' })).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('SettingsChanged schema version 2 (the typed-answer settings, issue 31)', () => {
  it('upcasts a version 1 event with the new settings at their defaults, and the current schema accepts it', () => {
    const v1 = {
      userId,
      changed: ['furigana'],
      settings: { keyboard_shortcuts: true, audio_autoplay: true, vocab_prompt: 'text', vocab_hide_text: false, vocab_audio_autoplay: true, furigana: 'faint' },
    };
    const current = upcast('SettingsChanged', 1, v1);
    expect(SettingsChanged.schema.parse(current)).toEqual({ ...v1, settings: { ...v1.settings, typed_reading: false, vocab_typed_answer: 'off' } });
    expect(SettingsChanged.schemaVersion).toBe(2);
  });

  it('turns typed answers on per kind of course', () => {
    const { settings } = decideChangeSettings(initialUserState(userId), { typed_reading: true, vocab_typed_answer: 'reading_meaning' });
    expect(settings).toMatchObject({ typed_reading: true, vocab_typed_answer: 'reading_meaning' });
  });
});
