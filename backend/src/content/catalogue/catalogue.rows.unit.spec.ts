import { lookupIn, materialRow, sentencesFor } from './catalogue.rows';
import { voiceInputOf } from './voice-input';
import { type MaterialState, stateKey } from '../material/material.state';

const state = (type: MaterialState['type'], id: number, data: Record<string, unknown>): MaterialState => ({
  type,
  id,
  version: 1,
  contentVersion: null,
  data,
  adminFields: [],
  origin: 'content',
  retired: null,
});

describe('the sentences a reading card is taught with', () => {
  const kanaSentence = state('sentence', 10, { text: '毎日海が見えるなんて、うらやましいです。' });
  const ownSentence = state('sentence', 11, { text: '毎日海が見えるなんて、羨ましいです。' });
  const word = state('vocab', 1, { kanji: 'うらやましい', sentence_id: 10 });
  const states = new Map([word, kanaSentence, ownSentence].map((s) => [stateKey(s.type, s.id), s]));

  it('falls back to its word\'s sentence when the card writes the word as the word does', () => {
    const card = state('reading', 5, { vocab_id: 1 });
    expect(sentencesFor(card, lookupIn(states), new Map()).map((s) => s.id)).toEqual([10]);
  });

  it('never to a sentence without the kanji when the card writes its word in another spelling (羨ましい)', () => {
    const card = state('reading', 6, { vocab_id: 1, vocab_spelling: '羨ましい' });
    expect(sentencesFor(card, lookupIn(states), new Map())).toEqual([]);
    const withOwn = state('reading', 6, { vocab_id: 1, vocab_spelling: '羨ましい', sentence_id: 11 });
    expect(sentencesFor(withOwn, lookupIn(states), new Map()).map((s) => s.id)).toEqual([11]);
  });
});

describe("a kana card's example word (issue 29: the word can be heard alone)", () => {
  const wordVoice = { key: voiceInputOf('vocab', { kanji: '朝', reading: 'あさ' })!.key, url: '/media/voice/asa.ogg', spec: 'system voice' };
  const word = state('vocab', 7, { kanji: '朝', reading: 'あさ', voice: wordVoice });
  const kana = (data: Record<string, unknown>) => state('kana', 12354, { kana: 'あ', romaji: 'a', vocab_reading: 'あさ', vocab_definition: 'morning', ...data });

  it("plays the course word's own clip on the Word button", () => {
    const row = materialRow(kana({ vocab_id: 7 }), lookupIn(new Map([[stateKey('vocab', 7), word]])), new Map());
    expect(row?.data).toMatchObject({ vocab: 'あさ', word_audio_url: '/media/voice/asa.ogg' });
  });

  it('has no Word clip when the example word is no course word, or the word left the course', () => {
    expect(materialRow(kana({}), lookupIn(new Map()), new Map())?.data.word_audio_url).toBeNull();
    const retired: MaterialState = { ...word, retired: 'removed-from-content' };
    expect(materialRow(kana({ vocab_id: 7 }), lookupIn(new Map([[stateKey('vocab', 7), retired]])), new Map())?.data.word_audio_url).toBeNull();
  });
});
