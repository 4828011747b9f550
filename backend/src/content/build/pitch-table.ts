import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Kanjium accents derived by backend/content/scripts/derive-pitch.mjs (committed: CI cannot fetch). */
export const PITCH_FILE = 'pitch.tsv';

/** "written|reading" → Kanjium's accent field ("0", "0,2", "(名)1,(副)0"); empty when the file is absent. */
export function readPitchTable(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const path = join(dir, PITCH_FILE);
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [written, reading, accents] = line.split('\t');
    if (accents) out.set(`${written}|${reading}`, accents);
  }
  return out;
}

/** Kanjium's part-of-speech tags, for EDICT's part-of-speech codes. */
function kanjiumTag(pos: string): string | undefined {
  if (pos.startsWith('adv')) return '副';
  if (pos === 'adj-na') return '形動';
  if (pos === 'pn') return '代';
  if (pos.startsWith('n')) return '名';
  if (pos.startsWith('v')) return '動';
  if (pos.startsWith('adj')) return '形';
  if (pos === 'int') return '感';
  if (pos === 'conj') return '接';
  return undefined;
}

/**
 * The accents of one Kanjium field, for a word whose first sense has these EDICT parts of speech: "0,2" → [0, 2];
 * "(名)1,(副)0" → the accents of the word's own part of speech ([0] for an adverb), or all of them, in order, when
 * no tag matches. A tag applies to the numbers after it up to the next tag ("(名)1,3,(形動)0,3").
 */
export function kanjiumAccents(field: string, pos: readonly string[] = []): number[] {
  const entries: Array<{ tags: string[]; accent: number }> = [];
  let tags: string[] = [];
  for (const part of field.split(',')) {
    const m = /^(?:\(([^)]*)\))?(\d+)$/.exec(part.trim());
    if (!m) continue;
    if (m[1] !== undefined) tags = m[1].split(';');
    entries.push({ tags, accent: Number(m[2]) });
  }
  const wanted = new Set(pos.map(kanjiumTag).filter((t): t is string => t !== undefined));
  const matching = entries.filter((e) => e.tags.some((t) => wanted.has(t)));
  const chosen = matching.length ? matching : entries;
  return [...new Set(chosen.map((e) => e.accent))];
}

/**
 * Kanjium's accents for a word under any of its spellings with its reading (ちょうど is listed as 丁度, きっと as
 * 屹度), the written form first; undefined when Kanjium does not have the word.
 */
export function kanjiumPitch(table: ReadonlyMap<string, string>, spellings: readonly string[], reading: string, pos: readonly string[]): number[] | undefined {
  for (const s of spellings) {
    const field = table.get(`${s}|${reading}`);
    if (field) {
      const accents = kanjiumAccents(field, pos);
      if (accents.length) return accents;
    }
  }
  return undefined;
}
