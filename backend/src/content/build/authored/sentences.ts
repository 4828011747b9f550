import type { AuthoredSentence } from '../sentences';
import { KANA_SENTENCES } from './sentences-kana';
import { KATAKANA_SENTENCES } from './sentences-kana-katakana';
import { VOCAB1_SENTENCES } from './sentences-vocab1';
import { KANJI_READING_SENTENCES_29 } from './sentences-kanji-readings-29';
import { KANJI_READING_SENTENCES_29B } from './sentences-kanji-readings-29b';
import { KANJI1_LEVEL1_OWN_SENTENCES } from './sentences-kanji1-level1-own';
import { KANJI1_LEVEL2_OWN_SENTENCES } from './sentences-kanji1-level2-own';
import { VOCAB2_SENTENCES } from './sentences-vocab2';
import { VOCAB3_SENTENCES } from './sentences-vocab3';
import { KANJI_SENTENCES } from './sentences-kanji';
import { LEVEL1_GAP_SENTENCES } from './sentences-level1-gaps';
import { LEVEL1_GAP_SENTENCES_2A } from './sentences-level1-gaps-2a';
import { LEVEL1_GAP_SENTENCES_2B } from './sentences-level1-gaps-2b';
import { LEVEL1_GAP_SENTENCES_3A } from './sentences-level1-gaps-3a';
import { LEVEL1_GAP_SENTENCES_3B } from './sentences-level1-gaps-3b';
import { KANJI1_GAP_SENTENCES_A } from './sentences-kanji1-gaps-a';
import { KANJI1_GAP_SENTENCES_B } from './sentences-kanji1-gaps-b';
import { KANJI1_GAP_SENTENCES_C } from './sentences-kanji1-gaps-c';
import { KANJI1_GAP_SENTENCES_D } from './sentences-kanji1-gaps-d';
import { KANJI1_GAP_SENTENCES_E } from './sentences-kanji1-gaps-e';
import { KANJI1_GAP_SENTENCES_F } from './sentences-kanji1-gaps-f';
import { KANJI1_GAP_SENTENCES_G } from './sentences-kanji1-gaps-g';
import { KANJI1_GAP_SENTENCES_H } from './sentences-kanji1-gaps-h';
import { KANJI1_GAP_SENTENCES_I } from './sentences-kanji1-gaps-i';
import { KANJI1_GAP_SENTENCES_J } from './sentences-kanji1-gaps-j';
import { KANJI1_GAP_SENTENCES_K } from './sentences-kanji1-gaps-k';
import { VOCAB1_GAP_SENTENCES_A } from './sentences-vocab1-gaps-a';
import { VOCAB1_GAP_SENTENCES_B } from './sentences-vocab1-gaps-b';
import { VOCAB1_GAP_SENTENCES_C } from './sentences-vocab1-gaps-c';
import { VOCAB1_SECOND_SENTENCES_L1 } from './sentences-vocab1-second-level1';
import { VOCAB1_SECOND_SENTENCES_L2 } from './sentences-vocab1-second-level2';
import { VOCAB1_SECOND_SENTENCES_L3 } from './sentences-vocab1-second-level3';
import { VOCAB1_SECOND_SENTENCES_L4 } from './sentences-vocab1-second-level4';
import { VOCAB1_SECOND_SENTENCES_L5 } from './sentences-vocab1-second-level5';
import { VOCAB1_SECOND_SENTENCES_L6 } from './sentences-vocab1-second-level6';
import { VOCAB1_SECOND_SENTENCES_L7 } from './sentences-vocab1-second-level7';
import { VOCAB1_SECOND_SENTENCES_L8 } from './sentences-vocab1-second-level8';
import { VOCAB1_SECOND_SENTENCES_L9 } from './sentences-vocab1-second-level9';
import { VOCAB2_SENTENCES_L2 } from './sentences-vocab2-level2';
import { VOCAB2_SENTENCES_L3 } from './sentences-vocab2-level3';
import { VOCAB2_SENTENCES_L4 } from './sentences-vocab2-level4';
import { VOCAB2_SENTENCES_L5 } from './sentences-vocab2-level5';
import { VOCAB2_SENTENCES_L6 } from './sentences-vocab2-level6';
import { VOCAB2_SENTENCES_L7 } from './sentences-vocab2-level7';
import { VOCAB2_SENTENCES_L8 } from './sentences-vocab2-level8';
import { VOCAB2_SENTENCES_L9 } from './sentences-vocab2-level9';
import { VOCAB3_SENTENCES_L2 } from './sentences-vocab3-level2';
import { VOCAB3_SENTENCES_L3 } from './sentences-vocab3-level3';
import { VOCAB3_SENTENCES_L4 } from './sentences-vocab3-level4';
import { VOCAB3_SENTENCES_L5 } from './sentences-vocab3-level5';
import { VOCAB3_SENTENCES_L4B } from './sentences-vocab3-level4b';
import { VOCAB3_SENTENCES_L6A } from './sentences-vocab3-level6a';
import { VOCAB3_SENTENCES_L6B } from './sentences-vocab3-level6b';
import { VOCAB3_SENTENCES_L7A } from './sentences-vocab3-level7a';
import { VOCAB3_SENTENCES_L7B } from './sentences-vocab3-level7b';
import { VOCAB3_SENTENCES_L8A } from './sentences-vocab3-level8a';
import { VOCAB3_SENTENCES_L8B } from './sentences-vocab3-level8b';
import { VOCAB_ADDITIONS_SENTENCES } from './sentences-vocab-additions';
import { VOCAB_ADDITIONS_29B_SENTENCES } from './sentences-vocab-additions-29b';
import { VOCAB_ADDITIONS_SENTENCES_29C } from './sentences-vocab-additions-29c';
import { VOCAB3_SENTENCES_ROUND2 } from './sentences-vocab3-round2';
import { VOCAB3_SENTENCES_ROUND3 } from './sentences-vocab3-round3';
import { VOCAB3_SENTENCES_ROUND4 } from './sentences-vocab3-round4';
import { KANJI2_WORD_SENTENCES_A } from './sentences-kanji2-words-a';
import { KANJI2_WORD_SENTENCES_B } from './sentences-kanji2-words-b';
import { KANJI2_WORD_SENTENCES_C } from './sentences-kanji2-words-c';
import { KANJI2_WORD_SENTENCES_D } from './sentences-kanji2-words-d';
import { KANJI2_WORD_SENTENCES_E } from './sentences-kanji2-words-e';
import { KANJI2_WORD_SENTENCES_F } from './sentences-kanji2-words-f';
import { KANJI2_WORD_SENTENCES_G } from './sentences-kanji2-words-g';
import { KANJI2_WORD_SENTENCES_H } from './sentences-kanji2-words-h';

/** Every hand-written sentence, by the material it was written for. */
export const AUTHORED_SENTENCES: readonly AuthoredSentence[] = [
  ...KANA_SENTENCES,
  ...KATAKANA_SENTENCES,
  ...VOCAB1_SENTENCES,
  ...VOCAB2_SENTENCES,
  ...VOCAB3_SENTENCES,
  ...KANJI_SENTENCES,
  ...LEVEL1_GAP_SENTENCES,
  ...LEVEL1_GAP_SENTENCES_2A,
  ...LEVEL1_GAP_SENTENCES_2B,
  ...LEVEL1_GAP_SENTENCES_3A,
  ...LEVEL1_GAP_SENTENCES_3B,
  ...KANJI1_GAP_SENTENCES_A,
  ...KANJI1_GAP_SENTENCES_B,
  ...KANJI1_GAP_SENTENCES_C,
  ...KANJI1_GAP_SENTENCES_D,
  ...KANJI1_GAP_SENTENCES_E,
  ...KANJI1_GAP_SENTENCES_F,
  ...KANJI1_GAP_SENTENCES_G,
  ...KANJI1_GAP_SENTENCES_H,
  ...KANJI1_GAP_SENTENCES_I,
  ...KANJI1_GAP_SENTENCES_J,
  ...KANJI1_GAP_SENTENCES_K,
  ...VOCAB1_GAP_SENTENCES_A,
  ...VOCAB1_GAP_SENTENCES_B,
  ...VOCAB1_GAP_SENTENCES_C,
  ...VOCAB1_SECOND_SENTENCES_L1,
  ...VOCAB1_SECOND_SENTENCES_L2,
  ...VOCAB1_SECOND_SENTENCES_L3,
  ...VOCAB1_SECOND_SENTENCES_L4,
  ...VOCAB1_SECOND_SENTENCES_L5,
  ...VOCAB1_SECOND_SENTENCES_L6,
  ...VOCAB1_SECOND_SENTENCES_L7,
  ...VOCAB1_SECOND_SENTENCES_L8,
  ...VOCAB1_SECOND_SENTENCES_L9,
  ...VOCAB2_SENTENCES_L2,
  ...VOCAB2_SENTENCES_L3,
  ...VOCAB2_SENTENCES_L4,
  ...VOCAB2_SENTENCES_L5,
  ...VOCAB2_SENTENCES_L6,
  ...VOCAB2_SENTENCES_L7,
  ...VOCAB2_SENTENCES_L8,
  ...VOCAB2_SENTENCES_L9,
  ...VOCAB3_SENTENCES_L2,
  ...VOCAB3_SENTENCES_L3,
  ...VOCAB3_SENTENCES_L4,
  ...VOCAB3_SENTENCES_L5,
  ...VOCAB3_SENTENCES_L4B,
  ...VOCAB3_SENTENCES_L6A,
  ...VOCAB3_SENTENCES_L6B,
  ...VOCAB3_SENTENCES_L7A,
  ...VOCAB3_SENTENCES_L7B,
  ...VOCAB3_SENTENCES_L8A,
  ...VOCAB3_SENTENCES_L8B,
  ...VOCAB_ADDITIONS_SENTENCES,
  ...VOCAB_ADDITIONS_29B_SENTENCES,
  ...VOCAB_ADDITIONS_SENTENCES_29C,
  ...VOCAB3_SENTENCES_ROUND2,
  ...VOCAB3_SENTENCES_ROUND3,
  ...VOCAB3_SENTENCES_ROUND4,
  ...KANJI2_WORD_SENTENCES_A,
  ...KANJI2_WORD_SENTENCES_B,
  ...KANJI2_WORD_SENTENCES_C,
  ...KANJI2_WORD_SENTENCES_D,
  ...KANJI2_WORD_SENTENCES_E,
  ...KANJI2_WORD_SENTENCES_F,
  ...KANJI2_WORD_SENTENCES_G,
  ...KANJI2_WORD_SENTENCES_H,
  ...KANJI_READING_SENTENCES_29,
  ...KANJI_READING_SENTENCES_29B,
  ...KANJI1_LEVEL1_OWN_SENTENCES,
  ...KANJI1_LEVEL2_OWN_SENTENCES,
];
