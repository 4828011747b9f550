import { hidesContextAtFirst, isAudioShown, isInvalidCard, isTextHidden, shouldAutoplay } from './card-rules';

const vocab = { course: 'vocab1', mastery_level: 'learning' as const, material: { sentence: '本を読む', vocab_meaning: 'book', vocab_hiragana: 'ほん' } };

describe('isInvalidCard', () => {
  it('accepts a complete card', () => {
    expect(isInvalidCard(vocab)).toBe(false);
  });
  it.each([
    ['sentence', { ...vocab.material, sentence: null }],
    ['meaning', { ...vocab.material, vocab_meaning: '' }],
    ['kana', { ...vocab.material, vocab_hiragana: undefined }],
  ])('rejects a card without its %s', (_what, material) => {
    expect(isInvalidCard({ ...vocab, material })).toBe(true);
  });
  it('needs the kana of a kana card', () => {
    expect(isInvalidCard({ course: 'kana', mastery_level: 'learning', material: { kana: 'あ' } })).toBe(false);
    expect(isInvalidCard({ course: 'kana', mastery_level: 'learning', material: { kana: null } })).toBe(true);
  });
});

describe('isAudioShown', () => {
  const base = { audioUrl: '/a.mp3', flipped: false };
  it('needs an audio_url', () => {
    expect(isAudioShown({ ...base, course: 'vocab1', prompt: 'audio', audioUrl: null })).toBe(false);
  });
  it('is not shown on the question side of kanji, kana and text-prompt vocab cards', () => {
    expect(isAudioShown({ ...base, course: 'kanji1', prompt: 'audio' })).toBe(false);
    expect(isAudioShown({ ...base, course: 'kana', prompt: 'audio' })).toBe(false);
    expect(isAudioShown({ ...base, course: 'vocab2', prompt: 'text' })).toBe(false);
  });
  it('is shown for audio and audio-text vocab prompts, and on every answer side', () => {
    expect(isAudioShown({ ...base, course: 'vocab1', prompt: 'audio' })).toBe(true);
    expect(isAudioShown({ ...base, course: 'vocab1', prompt: 'audio-text' })).toBe(true);
    expect(isAudioShown({ ...base, course: 'kanji2', prompt: 'text', flipped: true })).toBe(true);
  });
});

describe('isTextHidden', () => {
  it('hides the text only for vocab with the audio prompt and hide-text, before the flip', () => {
    expect(isTextHidden({ course: 'vocab1', prompt: 'audio', hideText: true, flipped: false })).toBe(true);
    expect(isTextHidden({ course: 'vocab1', prompt: 'audio', hideText: true, flipped: true })).toBe(false);
    expect(isTextHidden({ course: 'vocab1', prompt: 'audio-text', hideText: true, flipped: false })).toBe(false);
    expect(isTextHidden({ course: 'kanji1', prompt: 'audio', hideText: true, flipped: false })).toBe(false);
  });
});

describe('shouldAutoplay and context', () => {
  it('uses the vocab setting for vocab courses and the other one elsewhere', () => {
    expect(shouldAutoplay({ course: 'vocab3', audioAutoplay: true, vocabAudioAutoplay: false })).toBe(false);
    expect(shouldAutoplay({ course: 'kanji1', audioAutoplay: true, vocabAudioAutoplay: false })).toBe(true);
  });
  it('hides the context of intermediate and mastered cards at first', () => {
    expect(hidesContextAtFirst({ mastery_level: 'learning' })).toBe(false);
    expect(hidesContextAtFirst({ mastery_level: 'intermediate' })).toBe(true);
    expect(hidesContextAtFirst({ mastery_level: 'mastered' })).toBe(true);
  });
});
