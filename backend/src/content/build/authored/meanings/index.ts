import { MEANINGS_VOCAB1_A } from './vocab1-a';
import { MEANINGS_VOCAB1_B } from './vocab1-b';
import { MEANINGS_VOCAB2_A } from './vocab2-a';
import { MEANINGS_VOCAB2_B } from './vocab2-b';
import { MEANINGS_VOCAB2_C } from './vocab2-c';
import { MEANINGS_VOCAB2_D } from './vocab2-d';
import { MEANINGS_VOCAB3_COVER } from './vocab3-cover';
import { MEANINGS_VOCAB3_FIXES } from './vocab3-fixes';
import { MEANINGS_KATAKANA_REVIEW } from './katakana-review';
import { MEANINGS_FREQUENCY_ADDITIONS } from './frequency-additions';

/**
 * Core meanings written by hand, "written|reading" → definition, for every Vocab I and Vocab II word whose first
 * EDICT sense is not the meaning a learner needs first (言葉 is "word; language", not "language; dialect"). One
 * file per part of the list, so several people can review at once. They win over the core list's "=meaning"; a later
 * file wins over an earlier one (the katakana review, last, covers all three courses).
 */
export const MEANING_OVERRIDES: ReadonlyMap<string, string> = new Map(
  [MEANINGS_VOCAB1_A, MEANINGS_VOCAB1_B, MEANINGS_VOCAB2_A, MEANINGS_VOCAB2_B, MEANINGS_VOCAB2_C, MEANINGS_VOCAB2_D, MEANINGS_VOCAB3_COVER, MEANINGS_VOCAB3_FIXES, MEANINGS_FREQUENCY_ADDITIONS, MEANINGS_KATAKANA_REVIEW].flatMap((m) => Object.entries(m)),
);
