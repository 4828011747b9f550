import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** backend/content/vocab.json, the same from src/ and dist/ (four levels up is backend/). */
export const DEFAULT_VOCAB_FILE = resolve(__dirname, '..', '..', '..', '..', 'content', 'vocab.json');

export interface VocabMeanings {
  /** the definition of a word by its written form, or (for words in kana) by its reading */
  meaningOf(written: string): string | undefined;
  readonly size: number;
}

/**
 * Meanings from the bundled vocabulary (EDICT-derived, fields kanji/reading/definition), easiest word first,
 * so a written form shared by two words gets the more common one. null when the file is missing.
 */
export async function loadVocabMeanings(file = DEFAULT_VOCAB_FILE): Promise<VocabMeanings | null> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const entries = JSON.parse(raw) as { kanji?: string; reading?: string; definition?: string }[];
  const byWritten = new Map<string, string>();
  const byReading = new Map<string, string>();
  for (const e of entries) {
    if (!e.definition) continue;
    if (e.kanji && !byWritten.has(e.kanji)) byWritten.set(e.kanji, e.definition);
    if (e.reading && !byReading.has(e.reading)) byReading.set(e.reading, e.definition);
  }
  const kanaOnly = /^[\u3040-\u30ffー]+$/;
  return {
    size: byWritten.size,
    meaningOf: (written) => byWritten.get(written) ?? (kanaOnly.test(written) ? byReading.get(written) : undefined),
  };
}
