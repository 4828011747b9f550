import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * KanjiVG data (CC BY-SA 3.0, Ulrich Apel and contributors) committed beside the content: components.json and
 * strokes.json, derived from a KanjiVG checkout by backend/content/scripts/derive-kanjivg.mjs. The build reads
 * these files, never KanjiVG itself, so it runs offline (CI cannot fetch).
 */
export const KANJIVG_DIR = resolve(__dirname, '..', '..', '..', 'content');
export const COMPONENTS_FILE = 'components.json';
export const STROKES_FILE = 'strokes.json';

export interface KanjiVgData {
  /** Named parts of the first level of each character, as KanjiVG decomposes it (語 → 言, 吾). */
  components: ReadonlyMap<string, readonly string[]>;
  /** Number of strokes KanjiVG draws (the shape of the 2010 jōyō table, e.g. 遡 with the two-dot 辶: 14). */
  strokeCounts: ReadonlyMap<string, number>;
}

/** The path of a KanjiVG file: in `dir` when it has one (a built content folder), else the committed one. */
export function kanjiVgFile(name: string, dir?: string): string {
  return dir && existsSync(join(dir, name)) ? join(dir, name) : join(KANJIVG_DIR, name);
}

export function readStrokes(dir?: string): Map<string, string[]> {
  return new Map(Object.entries(JSON.parse(readFileSync(kanjiVgFile(STROKES_FILE, dir), 'utf8')) as Record<string, string[]>));
}

export function readComponents(dir?: string): Map<string, string[]> {
  return new Map(Object.entries(JSON.parse(readFileSync(kanjiVgFile(COMPONENTS_FILE, dir), 'utf8')) as Record<string, string[]>));
}

export function loadKanjiVg(dir?: string): KanjiVgData {
  const strokeCounts = new Map([...readStrokes(dir)].map(([ch, paths]) => [ch, paths.length]));
  return { components: readComponents(dir), strokeCounts };
}
