import type { AuthoredSentence } from '../sentences';
import { KANA_SENTENCES } from './sentences-kana';
import { VOCAB1_SENTENCES } from './sentences-vocab1';
import { VOCAB2_SENTENCES } from './sentences-vocab2';
import { VOCAB3_SENTENCES } from './sentences-vocab3';
import { KANJI_SENTENCES } from './sentences-kanji';

/** Every hand-written sentence, by the material it was written for. */
export const AUTHORED_SENTENCES: readonly AuthoredSentence[] = [
  ...KANA_SENTENCES,
  ...VOCAB1_SENTENCES,
  ...VOCAB2_SENTENCES,
  ...VOCAB3_SENTENCES,
  ...KANJI_SENTENCES,
];
