import { z } from 'zod';
import { KANJI_COURSES, VOCAB_COURSES } from '../../kernel/courses';

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

/**
 * Chart rows in SPEC §9 order (a … p, small tsu), then the katakana-only rows (small vowels ァィゥェォ, the
 * long-vowel mark ー, ヴ), then 'combo' (two-kana cards: yōon and loanword sounds, not charted).
 */
export const KANA_ROWS = ['a', 'k', 's', 't', 'n', 'h', 'm', 'y', 'r', 'w', 'g', 'z', 'd', 'b', 'p', 'small_tsu', 'small_vowel', 'long_vowel', 'v', 'combo'] as const;

export const kanaEntrySchema = z.strictObject({
  /** Code point of a single kana; for a combination (きゃ) the two UTF-16 units packed: first × 65536 + second. */
  id,
  kana: nonEmpty,
  script: z.enum(['hiragana', 'katakana']),
  row: z.enum(KANA_ROWS),
  romaji: nonEmpty,
  /** Pronunciation hint for an English speaker. */
  hint: nonEmpty,
  /** Hiragana 1–4, Katakana 5–8 (the loanword sounds ファ, ティ … close level 8), Combinations 9 (yōon). */
  level,
  /** 1-based order in the kana course. */
  position,
  /** Example word, written in kana. */
  vocab_reading: nonEmpty,
  vocab_definition: nonEmpty,
  /** The course word the example word is (same reading and meaning), when there is one: its clip is the card's Word button. */
  vocab_id: id.optional(),
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
  course: z.enum(KANJI_COURSES),
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
  /** Classical (Kangxi) radical from KANJIDIC2: its number 1–214, the radical as a character, an English name. */
  radical: z
    .strictObject({ number: z.number().int().min(1).max(214), character: nonEmpty, name: nonEmpty.optional() })
    .optional(),
  /** Visual components from KanjiVG (top-level parts first, as KanjiVG decomposes the character). */
  components: z.array(nonEmpty).optional(),
  /** JLPT level as KANJIDIC2 records it (the pre-2010 test: 4 easiest … 1 hardest). */
  jlpt: z.number().int().min(1).max(4).optional(),
  /** Kanji Kentei level of the character: '10級' … '2級' (with '準2級'). */
  kanken: nonEmpty.optional(),
});

export const readingEntrySchema = z.strictObject({
  id,
  kanji_id: id,
  kanji: nonEmpty,
  course: z.enum(KANJI_COURSES),
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
  /** The example word as this card writes it, when not in its taught spelling (羨ましい for うらやましい). */
  vocab_spelling: nonEmpty.optional(),
  /** The card's own sentence (written with `vocab_spelling`); otherwise the card shows its word's sentence. */
  sentence_id: id.optional(),
  /** Shown with the card when its word does not use its reading as expected (叔 シュク with 叔父 おじ). */
  note: nonEmpty.optional(),
});

export const vocabSenseSchema = z.strictObject({
  glosses: z.array(nonEmpty).min(1).max(5),
  /** Readable part-of-speech labels of this sense ("noun", "suru verb", "intransitive"). */
  pos: z.array(nonEmpty),
});

export const VOCAB_TABS = ['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa'] as const;

export const vocabEntrySchema = z.strictObject({
  id,
  course: z.enum(VOCAB_COURSES),
  level,
  position,
  /** Written form: kanji spelling, or kana for words usually written in kana. */
  kanji: nonEmpty,
  /** Reading in hiragana (ー kept in loanwords). */
  reading: nonEmpty,
  /** Short English definition: the word's core meaning, the one a learner needs first. */
  definition: nonEmpty,
  /** Dictionary tab: the gojūon row of the reading's first kana. */
  tab: z.enum(VOCAB_TABS),
  sentence_id: id.optional(),
  /** Part of speech of the core meaning, readable: "noun", "godan verb, transitive", "i-adjective". */
  part_of_speech: nonEmpty.optional(),
  /** Up to three senses, the core meaning first; glosses without EDICT's origin tags. */
  senses: z.array(vocabSenseSchema).min(1).max(3).optional(),
  /**
   * Pitch accent (NAIST-jdic): the mora after which the pitch falls, 0 for a flat (heiban) word; several when the
   * word has more than one accepted accent, the first being the usual one.
   */
  pitch: z.array(z.number().int().min(0).max(30)).min(1).optional(),
  /** Other spellings and readings merged into this word (聴く for 聞く; ゆう for いう). */
  variants: z.array(z.strictObject({ written: nonEmpty, reading: nonEmpty })).optional(),
  /** Register warning shown wherever the word is: a derogatory, vulgar or sensitive sense, or a word that can be rude. */
  note: nonEmpty.optional(),
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
export type VocabSense = z.infer<typeof vocabSenseSchema>;
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
