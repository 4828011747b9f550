/** Meanings for words of authored/kanji-cover-words.ts whose EDICT sense reads like a common word's. */
export const MEANINGS_VOCAB3_COVER: Readonly<Record<string, string>> = {
  '壱|いち': 'one (the formal numeral of contracts and banknotes, which cannot be altered into another)',
  '弐|に': 'two (the formal numeral of contracts and banknotes)',
  '斤|きん': 'loaf (the counter for sliced bread); an old unit of weight',
  'さかのぼる|さかのぼる': 'to go back (in time, to the origin); to go upstream',
  '朕|ちん': 'We (the word an emperor used for himself)',
  '愛玩|あいがん': 'keeping as a pet; cherishing',
  '斑点|はんてん': 'spot; speck; fleck',
  '薫る|かおる': 'to be fragrant (written, poetic: a breeze, early summer)',
};
