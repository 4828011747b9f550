import { voiceInputOf } from '../../content';
import { VOICE_RECIPE } from '../jobs/voice.job';
import { isRemake, voicePriority, voiceRequestId, voiceStateOf, voiceStatus, type VoiceOwner } from './voice-plan';

const owner = (over: Partial<VoiceOwner> & Pick<VoiceOwner, 'materialType' | 'materialId'>): VoiceOwner => ({
  level: 1,
  rank: 50_001,
  courses: ['vocab1'],
  input: voiceInputOf('vocab', { kanji: '猫', reading: 'ねこ' }),
  storedKey: null,
  storedRecipe: VOICE_RECIPE,
  failedKey: null,
  failedError: null,
  ...over,
});

describe('the voice plan', () => {
  it('tells done, pending and failed by the key of the text the material holds now', () => {
    const o = owner({ materialType: 'vocab', materialId: 1 });
    const key = o.input!.key;
    expect(voiceStateOf(o)).toBe('pending');
    expect(voiceStateOf({ ...o, storedKey: key })).toBe('done');
    expect(voiceStateOf({ ...o, failedKey: key })).toBe('failed');
    // A clip of an older text, or a failure of one, does not count: the new text is asked for.
    expect(voiceStateOf({ ...o, storedKey: 'a'.repeat(32), failedKey: 'b'.repeat(32) })).toBe('pending');
    expect(voiceStateOf({ ...o, input: null })).toBeNull();
  });

  it('remakes a clip made with an older recipe (issue 29: the loudness), and serves the old one meanwhile', () => {
    const o = owner({ materialType: 'vocab', materialId: 1 });
    const key = o.input!.key;
    expect(VOICE_RECIPE).toBeGreaterThanOrEqual(2);
    // A clip of recipe 1 (stored before clips were stamped) is pending again, as a remake.
    expect(voiceStateOf({ ...o, storedKey: key, storedRecipe: 1 })).toBe('pending');
    expect(isRemake({ ...o, storedKey: key, storedRecipe: 1 })).toBe(true);
    expect(isRemake({ ...o, storedKey: null })).toBe(false);
    // A newer worker's clip (a blue-green switch) is not remade by an older scheduler.
    expect(voiceStateOf({ ...o, storedKey: key, storedRecipe: VOICE_RECIPE + 1 })).toBe('done');
    // A text the engine cannot say stays failed: the recipe does not change that.
    expect(voiceStateOf({ ...o, storedKey: key, storedRecipe: 1, failedKey: key })).toBe('failed');
    // The request is a new one (a new event, a new job), not the recipe-1 request the queue already ran.
    expect(voiceRequestId(o, key)).not.toBe(voiceRequestId(o, key, 1));
  });

  it('asks once per material and text, level 1 first and the word before its sentence', () => {
    const word = owner({ materialType: 'vocab', materialId: 1, level: 2, rank: 100_003 });
    const sentence = owner({ materialType: 'sentence', materialId: 2, level: 2, rank: 100_003, input: voiceInputOf('sentence', { text: '猫です。', furigana: '猫[ねこ]です。' }) });
    const kana = owner({ materialType: 'kana', materialId: 3, level: 1, rank: 50_040, input: voiceInputOf('kana', { kana: 'ね' }) });
    const later = owner({ materialType: 'vocab', materialId: 4, level: 2, rank: 100_200 });
    expect([later, sentence, word, kana].sort((a, b) => voicePriority(a) - voicePriority(b))).toEqual([kana, word, sentence, later]);
    expect(voicePriority(owner({ materialType: 'vocab', materialId: 5, level: 9, rank: 9 * 50_000 + 49_999 }))).toBeLessThanOrEqual(2_097_152);
    expect(voiceRequestId(word, word.input!.key)).toBe(voiceRequestId(word, word.input!.key));
    expect(voiceRequestId(word, word.input!.key)).not.toBe(voiceRequestId(word, 'c'.repeat(32)));
    expect(voiceRequestId(word, word.input!.key)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts clips per course, a clip shown in two courses in both', () => {
    const shared = owner({ materialType: 'vocab', materialId: 1, courses: ['kanji1', 'vocab1'] });
    const done = owner({ materialType: 'vocab', materialId: 2, courses: ['vocab1'] });
    done.storedKey = done.input!.key;
    expect(voiceStatus([shared, done])).toEqual([
      { course: 'kanji1', done: 0, pending: 1, failed: 0 },
      { course: 'vocab1', done: 1, pending: 1, failed: 0 },
    ]);
  });
});
