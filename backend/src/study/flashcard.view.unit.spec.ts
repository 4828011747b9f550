import { flashcardView, learnerMaterial, nextIntervals, parseFlashcardId, withSentenceForReview } from './flashcard.view';
import { deterministicUuid, gradeEventId } from './ids';

describe('flashcard ids', () => {
  it.each([
    ['reading-42', { materialType: 'reading', materialId: 42 }],
    ['kana-1', { materialType: 'kana', materialId: 1 }],
    ['vocab-2147483647', { materialType: 'vocab', materialId: 2147483647 }],
  ])('parses %s', (id, expected) => {
    expect(parseFlashcardId(id)).toEqual(expected);
  });

  it.each(['reading-0', 'reading-042', 'kanji-1', 'reading-', 'reading-1-2', 'vocab-2147483648', ' reading-1', 'READING-1'])('refuses %s', (id) => {
    expect(parseFlashcardId(id)).toBeNull();
  });
});

describe('next intervals shown on the grade buttons', () => {
  it('are 0 h for every lesson grade (the batch review follows), 696 h for "I already know it"', () => {
    expect(nextIntervals(null)).toEqual({ '0': 0, '3': 0, '5': 0, '10': 696 });
  });

  it('follow the review rules from the current interval', () => {
    expect(nextIntervals({ attempts: 3, interval_hours: 20 })).toEqual({ '0': 0, '3': 30, '5': 50 });
  });

  it('build a new card from its material', () => {
    const view = flashcardView({ material_type: 'kana', material_id: 7, course: 'kana', level: 2, data: { kana: 'か' } }, null);
    expect(view).toEqual({
      flashcard_id: 'kana-7',
      course: 'kana',
      level: 2,
      attempts: 0,
      mastery_level: 'learning',
      interval: 0,
      next_intervals: { '0': 0, '3': 0, '5': 0, '10': 696 },
      version: 0,
      due_at: null,
      material: { kana: 'か', audio_url: null, audio_spec: null, image_url: null },
    });
  });
});

describe('deterministic event ids', () => {
  it('are version-5 style UUIDs, equal for equal input and different otherwise', () => {
    const a = gradeEventId('u1', 'key-12345678', 'reading-1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(gradeEventId('u1', 'key-12345678', 'reading-1')).toBe(a);
    expect(gradeEventId('u2', 'key-12345678', 'reading-1')).not.toBe(a);
    expect(gradeEventId('u1', 'key-12345679', 'reading-1')).not.toBe(a);
    expect(gradeEventId('u1', 'key-12345678', 'reading-2')).not.toBe(a);
    expect(deterministicUuid('a', 'bc')).not.toBe(deterministicUuid('ab', 'c'));
  });
});

describe('learnerMaterial', () => {
  it('serves audio and image only once an admin approved them', () => {
    const pending = { audio_url: '/media/a.wav', is_audio_approved: false, image_url: '/media/i.png', is_image_approved: false, vocab: '猫' };
    expect(learnerMaterial(pending)).toEqual({ ...pending, audio_url: null, audio_spec: null, image_url: null });
    const approved = { ...pending, is_audio_approved: true, is_image_approved: true, audio_spec: 'recorded' };
    expect(learnerMaterial(approved)).toEqual(approved);
  });

  it("plays the system voice unless the admin's own audio is approved, or the admin unapproved the card's audio", () => {
    const card = { vocab: '猫', audio_url: null, is_audio_approved: false, sentence_audio_url: '/media/s.ogg', word_audio_url: '/media/w.ogg', voice_spec: 'open-jtalk nitech', audio_vetoed: false };
    expect(learnerMaterial(card)).toMatchObject({ audio_url: '/media/s.ogg', audio_spec: 'open-jtalk nitech', word_audio_url: '/media/w.ogg' });
    expect(learnerMaterial(card)).not.toHaveProperty('audio_vetoed');
    // An admin's recording waiting for review: the learner keeps the system voice; once approved, the recording.
    const pending = { ...card, audio_url: '/media/mine.mp3', audio_spec: 'recorded by an admin' };
    expect(learnerMaterial(pending)).toMatchObject({ audio_url: '/media/s.ogg' });
    expect(learnerMaterial({ ...pending, is_audio_approved: true })).toMatchObject({ audio_url: '/media/mine.mp3', audio_spec: 'recorded by an admin' });
    // Unapproved without another: no card audio (the word's clip stays: it is the dictionary's too).
    expect(learnerMaterial({ ...card, audio_vetoed: true })).toMatchObject({ audio_url: null, word_audio_url: '/media/w.ogg' });
    // A kana card speaks its kana.
    expect(learnerMaterial({ kana: 'か', kana_audio_url: '/media/ka.ogg', audio_vetoed: false })).toMatchObject({ audio_url: '/media/ka.ogg' });
  });
});

describe('a word with two sentences', () => {
  const first = { sentence_id: 1, sentence: '猫がいます。', furigana: '猫[ねこ]がいます。', sentence_meaning: 'There is a cat.', sentence_context: null, sentence_breakdown: [{ word: '猫' }], sentence_audio_url: '/media/1.ogg' };
  const second = { sentence_id: 2, sentence: '猫が好きです。', furigana: '猫[ねこ]が好[す]きです。', sentence_meaning: 'I like cats.', sentence_context: 'said of pets', sentence_breakdown: [{ word: '好き' }], sentence_audio_url: '/media/2.ogg' };
  const data = { vocab: '猫', ...first, other_sentences: [second] };

  it('shows the first at the lesson, the second at the first review, then the first again', () => {
    const shown = [0, 1, 2, 3].map((attempts) => withSentenceForReview(data, attempts) as Record<string, unknown>);
    expect(shown.map((m) => m.sentence_id)).toEqual([1, 2, 1, 2]);
    expect(shown[1]).toEqual({ vocab: '猫', ...second, sentence_number: 2, sentence_count: 2 });
    expect(shown[0]).toEqual({ vocab: '猫', ...first, sentence_number: 1, sentence_count: 2 });
  });

  it('serves one sentence per card, saying which', () => {
    const view = flashcardView({ material_type: 'vocab', material_id: 9, course: 'vocab1', level: 1, data }, {
      level: 1, attempts: 1, mastery: 'learning', interval_hours: 4, due_at: '2026-01-01T00:00:00Z', version: 1,
    });
    expect(view.material).not.toHaveProperty('other_sentences');
    expect(view.material).toMatchObject({ sentence_id: 2, sentence: '猫が好きです。', sentence_number: 2, sentence_count: 2, audio_url: '/media/2.ogg' });
  });

  it('leaves a card with one sentence, or none, as it is', () => {
    expect(withSentenceForReview({ ...first, other_sentences: [] }, 5)).toEqual({ ...first, sentence_number: 1, sentence_count: 1 });
    expect(withSentenceForReview({ kana: 'か', sentence: null, other_sentences: [] }, 3)).toEqual({ kana: 'か', sentence: null });
  });
});
