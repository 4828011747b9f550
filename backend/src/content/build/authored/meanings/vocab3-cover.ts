/** Meanings for words of authored/kanji-cover-words.ts whose EDICT sense reads like a common word's. */
export const MEANINGS_VOCAB3_COVER: Readonly<Record<string, string>> = {
  '壱|いち': 'one (the formal numeral of contracts and banknotes, which cannot be altered into another)',
  '弐|に': 'two (the formal numeral of contracts and banknotes)',
  '斤|きん': 'loaf (the counter for sliced bread); an old unit of weight',
  '薫る|かおる': 'to be fragrant (written, poetic: a breeze, early summer)',
};
