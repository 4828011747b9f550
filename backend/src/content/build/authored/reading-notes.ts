/**
 * Notes on reading cards whose example word does not use the card's reading: the kanji's only everyday words are
 * read as whole words (the jōyō table's appendix, 付表), so the card teaches the table's on reading and says how
 * the word is read. Keyed "kanji:reading" as shown on the card; the build refuses such a card without a note.
 */
export const READING_NOTES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '叔:シュク':
      'A special reading: 叔父 (おじ, uncle) and 叔母 (おば, aunt) are read as whole words. シュク itself is met in written words such as 伯叔 (はくしゅく, uncles).',
  }),
);
