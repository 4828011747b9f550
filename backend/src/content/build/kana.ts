import type { KanaEntry } from '../catalogue/content.schemas';
import { COMBINATIONS, HIRAGANA, KANA_LEVEL_ROWS, KATAKANA, type AuthoredRow } from './authored/kana-table';
import { isKatakanaChar } from './text';

/** Id of a kana: its code point, or for a two-character combination the UTF-16 units packed (first × 65536 + second). */
export function kanaId(kana: string): number {
  if (kana.length === 1) return kana.charCodeAt(0);
  return kana.charCodeAt(0) * 65536 + kana.charCodeAt(1);
}

/** The kana course: Hiragana levels 1–4, Katakana 5–8, combinations 9, rows in chart order. */
export function buildKana(): Omit<KanaEntry, 'sentence_id'>[] {
  const out: Omit<KanaEntry, 'sentence_id'>[] = [];
  let position = 0;
  const addScript = (rows: readonly AuthoredRow[], script: 'hiragana' | 'katakana', levelOffset: number) => {
    KANA_LEVEL_ROWS.forEach((levelRows, i) => {
      for (const rowName of levelRows) {
        const row = rows.find((r) => r.row === rowName);
        if (!row) throw new Error(`kana table: ${script} row ${rowName} missing`);
        for (const [kana, romaji, hint, example, meaning] of row.kana) {
          out.push({ id: kanaId(kana), kana, script, row: row.row, romaji, hint, level: levelOffset + i + 1, position: ++position, vocab_reading: example, vocab_definition: meaning });
        }
      }
    });
  };
  addScript(HIRAGANA, 'hiragana', 0);
  addScript(KATAKANA, 'katakana', 4);
  for (const [kana, romaji, hint, example, meaning] of COMBINATIONS) {
    const script = isKatakanaChar(kana[0]) ? 'katakana' : 'hiragana';
    out.push({ id: kanaId(kana), kana, script, row: 'combo', romaji, hint, level: 9, position: ++position, vocab_reading: example, vocab_definition: meaning });
  }
  return out;
}
