import type { KanaEntry } from '../catalogue/content.schemas';
import {
  COMBINATIONS,
  HIRAGANA,
  HIRAGANA_LEVEL_ROWS,
  KATAKANA,
  KATAKANA_LEVEL_ROWS,
  LOANWORD_SOUNDS,
  type AuthoredKana,
  type AuthoredRow,
  type KanaRow,
} from './authored/kana-table';
import { isKatakanaChar } from './text';

/** Id of a kana: its code point, or for a two-character combination the UTF-16 units packed (first × 65536 + second). */
export function kanaId(kana: string): number {
  if (kana.length === 1) return kana.charCodeAt(0);
  return kana.charCodeAt(0) * 65536 + kana.charCodeAt(1);
}

/**
 * The kana course: Hiragana levels 1–4, Katakana 5–8 (the loanword sounds close level 8), the yōon of both
 * scripts in level 9. Rows in the order of the authored level layout.
 */
export function buildKana(): Omit<KanaEntry, 'sentence_id'>[] {
  const out: Omit<KanaEntry, 'sentence_id'>[] = [];
  let position = 0;
  const add = (entries: readonly AuthoredKana[], row: KanaRow, level: number) => {
    for (const [kana, romaji, hint, example, meaning] of entries) {
      const script = isKatakanaChar(kana[0]) ? 'katakana' : 'hiragana';
      out.push({ id: kanaId(kana), kana, script, row, romaji, hint, level, position: ++position, vocab_reading: example, vocab_definition: meaning });
    }
  };
  const addScript = (rows: readonly AuthoredRow[], layout: readonly (readonly KanaRow[])[], script: string, levelOffset: number) => {
    const laidOut = layout.flat();
    for (const r of rows) if (!laidOut.includes(r.row)) throw new Error(`kana table: ${script} row ${r.row} has no level`);
    layout.forEach((levelRows, i) => {
      for (const rowName of levelRows) {
        const row = rows.find((r) => r.row === rowName);
        if (!row) throw new Error(`kana table: ${script} row ${rowName} missing`);
        add(row.kana, row.row, levelOffset + i + 1);
      }
    });
  };
  addScript(HIRAGANA, HIRAGANA_LEVEL_ROWS, 'hiragana', 0);
  addScript(KATAKANA, KATAKANA_LEVEL_ROWS, 'katakana', 4);
  add(LOANWORD_SOUNDS, 'combo', 4 + KATAKANA_LEVEL_ROWS.length);
  add(COMBINATIONS, 'combo', 9);
  return out;
}
