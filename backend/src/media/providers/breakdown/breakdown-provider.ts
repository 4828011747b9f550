import type { BreakdownItem } from '../../media.events';

export interface BreakdownInput {
  sentence: string;
  /** the card's word, flagged `vocab: true` in the breakdown */
  vocab?: string | null;
  vocabReading?: string | null;
}

/** Splits a sentence into words with pronunciation (hiragana) and an English meaning (SPEC §3 sentence_breakdown). */
export interface BreakdownProvider {
  readonly name: string;
  breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<{ items: BreakdownItem[]; note?: string }>;
}
