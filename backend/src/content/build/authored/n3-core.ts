import { N3_PART_A } from './n3/part-a';
import { N3_PART_B } from './n3/part-b';
import { N3_PART_C } from './n3/part-c';
import { N3_PART_D } from './n3/part-d';
import { N3_PART_E } from './n3/part-e';
import { N3_PART_F } from './n3/part-f';
import { N3_PART_G } from './n3/part-g';
import { N3_PART_H } from './n3/part-h';

/**
 * The N4–N3 list: everyday words an intermediate learner meets (roughly JLPT N4 and N3, beyond the core list of
 * core-vocab.ts), chosen by hand because no offline frequency signal tells 休憩, 誤解 or 挑戦 from rare kango. They
 * are kept in the 10,000 right after the core list, ordered among themselves by the frequency-led score, so they
 * fill Vocab II. Same item format as core-vocab.ts; one file per part of the gojūon so several people can write at
 * once. Items that match no EDICT word are reported by the build. The list also holds the prefectures 茨城, 栃木 and
 * 愛媛: their kanji are taught in grade 4 since 2020, and their names are the words that teach them.
 */
export const N3_CORE: readonly string[] = [N3_PART_A, N3_PART_B, N3_PART_C, N3_PART_D, N3_PART_E, N3_PART_F, N3_PART_G, N3_PART_H];
