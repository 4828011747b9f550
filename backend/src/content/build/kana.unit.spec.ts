import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KanaEntry } from '../catalogue/content.schemas';
import { buildKana, kanaId } from './kana';

const kana = buildKana();
const card = (char: string) => {
  const k = kana.find((x) => x.kana === char);
  if (!k) throw new Error(`no card ${char}`);
  return k;
};

describe('buildKana', () => {
  it('packs ids: a code point, or both UTF-16 units of a combination', () => {
    expect(kanaId('あ')).toBe(0x3042);
    expect(kanaId('きゃ')).toBe(0x304d * 65536 + 0x3083);
    expect(card('デュ').id).toBe(0x30c7 * 65536 + 0x30e5);
  });

  it('keeps the id of every kana already in the committed course', () => {
    const committed: KanaEntry[] = JSON.parse(readFileSync(join(__dirname, '../../../content/kana.json'), 'utf8'));
    const ids = new Map(kana.map((k) => [k.kana, k.id]));
    expect(committed.filter((k) => ids.get(k.kana) !== k.id).map((k) => k.kana)).toEqual([]);
  });

  it('numbers positions 1..n in level order', () => {
    expect(kana.map((k) => k.position)).toEqual(kana.map((_, i) => i + 1));
    expect(kana.map((k) => k.level)).toEqual([...kana.map((k) => k.level)].sort((a, b) => a - b));
  });

  it('teaches ー after the vowels of level 5, the small vowels after the h row of level 6, ヴ with the voiced rows', () => {
    expect(card('ー')).toMatchObject({ script: 'katakana', row: 'long_vowel', level: 5, position: card('オ').position + 1 });
    for (const small of ['ァ', 'ィ', 'ゥ', 'ェ', 'ォ']) expect(card(small)).toMatchObject({ row: 'small_vowel', level: 6 });
    expect(card('ァ').position).toBe(card('ホ').position + 1);
    expect(card('ヴ')).toMatchObject({ row: 'v', level: 7, position: card('ド').position + 1 });
  });

  it('closes Katakana level 8 with the loanword sounds and keeps the yōon of both scripts in level 9', () => {
    expect(card('ファ')).toMatchObject({ row: 'combo', level: 8, position: card('ッ').position + 1 });
    for (const sound of ['ティ', 'トゥ', 'ドゥ', 'デュ', 'ツァ', 'ウォ']) expect(card(sound)).toMatchObject({ script: 'katakana', level: 8 });
    const level9 = kana.filter((k) => k.level === 9);
    expect(level9.filter((k) => k.script === 'hiragana')).toHaveLength(32);
    expect(level9.filter((k) => k.script === 'katakana')).toHaveLength(33);
    expect(level9.every((k) => /^.[ゃゅょャュョ]$/.test(k.kana))).toBe(true);
  });

  it('hints ジュ and じゅ as in "juice"', () => {
    expect(card('ジュ').hint).toContain("'juice'");
    expect(card('じゅ').hint).toContain("'juice'");
  });
});
