import { currentVoice, voiceInputOf, voiceKey } from './voice-input';

describe('what the system voice speaks', () => {
  it('speaks a kana, a word as the card reads it, a sentence as its furigana says', () => {
    expect(voiceInputOf('kana', { kana: 'カ', vocab_reading: 'カメラ' })).toMatchObject({ kind: 'kana', text: 'カ', reading: 'か' });
    expect(voiceInputOf('vocab', { kanji: '一日', reading: 'ついたち' })).toMatchObject({ kind: 'word', text: '一日', reading: 'ついたち' });
    expect(voiceInputOf('sentence', { text: '一日に行きます。', furigana: '一日[ついたち]に行[い]きます。' })).toMatchObject({
      kind: 'sentence',
      text: '一日に行きます。',
      furigana: '一日[ついたち]に行[い]きます。',
    });
  });

  it('speaks the example word of a kana that makes no sound alone', () => {
    expect(voiceInputOf('kana', { kana: 'っ', vocab_reading: 'きって' })).toMatchObject({ text: 'きって', reading: 'きって' });
    expect(voiceInputOf('kana', { kana: 'ー', vocab_reading: 'ケーキ' })).toMatchObject({ text: 'ケーキ', reading: 'けーき' });
  });

  it('gives one key per input: another reading of the same spelling is another clip', () => {
    expect(voiceKey('word', '一日', 'ついたち')).toMatch(/^[0-9a-f]{32}$/);
    expect(voiceKey('word', '一日', 'ついたち')).toBe(voiceKey('word', '一日', 'ついたち'));
    expect(voiceKey('word', '一日', 'いちにち')).not.toBe(voiceKey('word', '一日', 'ついたち'));
    expect(voiceInputOf('kanji', { character: '日' })).toBeNull();
    expect(voiceInputOf('sentence', { text: '' })).toBeNull();
  });

  it('serves a clip only while the material holds the text it was made from', () => {
    const data = { text: '猫がいます。', furigana: '猫[ねこ]がいます。' };
    const key = voiceInputOf('sentence', data)!.key;
    const voice = { key, url: '/media/a.ogg', spec: 'open-jtalk nitech-jp-atr503-m001' };
    expect(currentVoice('sentence', { ...data, voice })).toEqual(voice);
    expect(currentVoice('sentence', { ...data, text: '犬がいます。', furigana: '犬[いぬ]がいます。', voice })).toBeNull();
    expect(currentVoice('sentence', data)).toBeNull();
  });
});
