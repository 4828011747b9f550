import { romajiToKana } from '../../../contract/romaji';
import { convertAsYouType } from './romaji';

/** Types `keys` one by one into a box converting as it goes, then submits (the final conversion). */
function type(keys: string): { shown: string[]; submitted: string } {
  let value = '';
  const shown: string[] = [];
  for (const key of keys) {
    value = convertAsYouType(value + key);
    shown.push(value);
  }
  return { shown, submitted: romajiToKana(value) };
}

describe('the answer box: romaji → kana as you type', () => {
  it.each([
    ['obaasan', 'おばあさん'],
    ['konnichiha', 'こんにちは'],
    ['konnnichiha', 'こんにちは'],
    ["kan'i", 'かんい'],
    ['shinbun', 'しんぶん'],
    ['hon', 'ほん'],
    ['gakkou', 'がっこう'],
    ['matcha', 'まっちゃ'],
    ['konya', 'こにゃ'],
    ["kon'ya", 'こんや'],
    ['jugyou', 'じゅぎょう'],
    ['shashin', 'しゃしん'],
    ['depa-to', 'でぱーと'],
    ['KO-HI-', 'コーヒー'],
    ['KITTE', 'キッテ'],
    ['konnya', 'こんにゃ'], // nn before y: ん + にゃ, as the server reads it
    ['sannnin', 'さんにん'],
  ])('%s → %s', (keys, kana) => {
    expect(type(keys).submitted).toBe(kana);
  });

  it('leaves consonants waiting for their vowel as typed, and converts at each vowel', () => {
    expect(type('kon').shown).toEqual(['k', 'こ', 'こn']);
    expect(type('gakko').shown).toEqual(['g', 'が', 'がk', 'がっk', 'がっこ']);
    expect(type('shinbun').shown).toEqual(['s', 'sh', 'し', 'しn', 'しんb', 'しんぶ', 'しんぶn']);
    expect(type('nya').shown).toEqual(['n', 'ny', 'にゃ']);
  });

  it('never rewrites kana (an IME typed them)', () => {
    expect(convertAsYouType('おばあさん')).toBe('おばあさん');
    expect(convertAsYouType('がっこu')).toBe('がっこう');
  });
});
