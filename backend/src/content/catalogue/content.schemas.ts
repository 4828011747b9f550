import { z } from 'zod';

/**
 * Schemas of the committed content files under backend/content/ (one JSON array per file, one entry per line).
 * Field names are the ones the API serves; docs/content.md describes each field and how it is built.
 * Ids are stable across rebuilds: kana and kanji ids derive from code points, readings, vocab and sentences from
 * a 31-bit hash of their natural key, so every id fits a PostgreSQL integer.
 */

const id = z.number().int().positive().max(2_147_483_647);
const level = z.number().int().min(1).max(9);
const position = z.number().int().positive();
const nonEmpty = z.string().min(1);

export const KANA_ROWS = ['a', 'k', 's', 't', 'n', 'h', 'm', 'y', 'r', 'w', 'g', 'z', 'd', 'b', 'p', 'small_tsu', 'combo'] as const;

export const kanaEntrySchema = z.strictObject({
  /** Code point of a single kana; for a combination (きゃ) the two UTF-16 units packed: first × 65536 + second. */
  id,
  kana: nonEmpty,
  script: z.enum(['hiragana', 'katakana']),
  row: z.enum(KANA_ROWS),
  romaji: nonEmpty,
  /** Pronunciation hint for an English speaker. */
  hint: nonEmpty,
  /** Hiragana 1–4, Katakana 5–8, Combinations 9. */
  level,
  /** 1-based order in the kana course. */
  position,
  /** Example word, written in kana. */
  vocab_reading: nonEmpty,
  vocab_definition: nonEmpty,
  sentence_id: id.optional(),
});

export const readingGradeSchema = z.enum(['elementary', 'middle', 'high']);

export const kanjiReadingSchema = z.strictObject({
  /** On readings in katakana; kun readings in hiragana with "." before the okurigana (た.べる). */
  reading: nonEmpty,
  grade: readingGradeSchema,
});

export const kanjiEntrySchema = z.strictObject({
  /** Unicode code point of the character. */
  id,
  character: nonEmpty,
  course: z.enum(['kanji1', 'kanji2']),
  level,
  /** Display name of the level: 10級 … 2級 for levels 1–9. */
  level_label: nonEmpty,
  position,
  /** School grade 1–6 (Kanji I); 7–9 for Kanji II, thirds of the course by frequency. Drives the dictionary tabs. */
  grade: z.number().int().min(1).max(9),
  /** KANJIDIC2 grade: 1–6 elementary school, 8 secondary school (jōyō). */
  joyo_level: z.number().int().min(1).max(8),
  strokes: z.number().int().positive(),
  meanings: z.array(nonEmpty).min(1),
  on_readings: z.array(kanjiReadingSchema),
  kun_readings: z.array(kanjiReadingSchema),
  /** Newspaper frequency rank (1 = most frequent) when KANJIDIC2 has one. */
  frequency: z.number().int().positive().optional(),
});

export const readingEntrySchema = z.strictObject({
  id,
  kanji_id: id,
  kanji: nonEmpty,
  course: z.enum(['kanji1', 'kanji2']),
  level,
  position,
  reading: nonEmpty,
  kind: z.enum(['on', 'kun']),
  grade: readingGradeSchema,
  /** Course words whose reading aligns with this reading of the kanji, easiest first. */
  vocab_id_options: z.array(id),
  /** The example word taught with this card (its sentence is the card's sentence). */
  vocab_id: id.nullable(),
  /** Other reading cards that use the same example word. */
  same_vocab_reading_ids: z.array(id),
});

export const VOCAB_TABS = ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'] as const;

export const vocabEntrySchema = z.strictObject({
  id,
  course: z.enum(['vocab1', 'vocab2', 'vocab3']),
  level,
  position,
  /** Written form: kanji spelling, or kana for words usually written in kana. */
  kanji: nonEmpty,
  /** Reading in hiragana (ー kept in loanwords). */
  reading: nonEmpty,
  /** Short English definition. */
  definition: nonEmpty,
  /** Dictionary tab: the gojūon row of the reading's first kana. */
  tab: z.enum(VOCAB_TABS),
  sentence_id: id.optional(),
});

export const breakdownItemSchema = z.strictObject({
  /** The word as it appears in the sentence (conjugated forms included: 食べました). */
  word: nonEmpty,
  /** Its pronunciation in hiragana. */
  pronunciation: nonEmpty,
  meaning: nonEmpty,
  /** Set on the target word. */
  vocab: z.literal(true).optional(),
});

export const sentenceEntrySchema = z.strictObject({
  id,
  /** Plain Japanese text. */
  text: nonEmpty,
  /** The text with ruby after each kanji run: 日本[にほん]語[ご]を勉強[べんきょう]します。 */
  furigana: nonEmpty,
  translation: nonEmpty,
  /** Short English hint when the word needs one (register, situation). */
  context: nonEmpty.optional(),
  breakdown: z.array(breakdownItemSchema).min(1),
  /** The target word as it appears in the text. */
  target: nonEmpty,
  material_type: z.enum(['vocab', 'kana', 'reading']),
  material_id: id,
});

export const kanaFileSchema = z.array(kanaEntrySchema);
export const kanjiFileSchema = z.array(kanjiEntrySchema);
export const readingsFileSchema = z.array(readingEntrySchema);
export const vocabFileSchema = z.array(vocabEntrySchema);
export const sentencesFileSchema = z.array(sentenceEntrySchema);

export type KanaEntry = z.infer<typeof kanaEntrySchema>;
export type KanjiEntry = z.infer<typeof kanjiEntrySchema>;
export type KanjiReadingEntry = z.infer<typeof kanjiReadingSchema>;
export type ReadingEntry = z.infer<typeof readingEntrySchema>;
export type VocabEntry = z.infer<typeof vocabEntrySchema>;
export type BreakdownItem = z.infer<typeof breakdownItemSchema>;
export type SentenceEntry = z.infer<typeof sentenceEntrySchema>;

/** File name → schema, for loaders and the validator. */
export const CONTENT_FILES = {
  'kana.json': kanaFileSchema,
  'kanji.json': kanjiFileSchema,
  'readings.json': readingsFileSchema,
  'vocab.json': vocabFileSchema,
  'sentences.json': sentencesFileSchema,
} as const;

export type ContentFileName = keyof typeof CONTENT_FILES;

export interface ContentData {
  kana: KanaEntry[];
  kanji: KanjiEntry[];
  readings: ReadingEntry[];
  vocab: VocabEntry[];
  sentences: SentenceEntry[];
}
