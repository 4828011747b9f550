import { toHiragana } from './text';

/**
 * The item format of the hand-written word lists (core-vocab.ts, n5-core.ts, n3-core.ts): "written:reading", or the
 * kana alone for a word written in kana, with an optional "=meaning" (underscores for spaces), separated by spaces
 * or newlines within a band.
 */
export interface CoreItem {
  /** The item as written in the list, for messages. */
  item: string;
  written: string;
  /** Reading in hiragana (a katakana item is read as its hiragana). */
  reading: string;
  definition?: string;
  /** The item is the kana alone (no ":reading"): the word is written in kana. */
  kanaOnly: boolean;
}

export function parseCoreItem(item: string): CoreItem {
  const [spec, def] = item.split('=');
  const [written, reading] = spec.includes(':') ? spec.split(':') : [spec, spec];
  return { item, written, reading: toHiragana(reading), kanaOnly: !spec.includes(':'), ...(def ? { definition: def.replace(/_/g, ' ') } : {}) };
}

/** Every item of the bands, in list order. */
export function coreItems(bands: readonly string[]): CoreItem[] {
  return bands.flatMap((band) => band.split(/\s+/).filter(Boolean)).map(parseCoreItem);
}
