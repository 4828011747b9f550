// The dictionary calls' answers (issue 18): the kanji and vocab browsers (tabs, lists, entries), the kana chart
// and a kana, and a character's strokes. Lenient: a list entry missing an optional detail still shows. The
// requests are in dictionary.requests.ts.
import * as z from 'zod/mini';
import { radicalSchema } from './content';


const text = z.nullish(z.string());
const id = z.union([z.number(), z.string()]);
const tabSchema = z.object({ id: z.string(), label: z.string(), locked: z._default(z.boolean(), false) });
export type DictionaryTab = z.infer<typeof tabSchema>;

/** GET /api/kanji: one tab of a kanji course (locked tabs are part of the subscription). */
export const kanjiListSchema = z.object({
  course: z.string(),
  tab: z.string(),
  tabs: z.array(tabSchema),
  items: z.array(z.object({ id, character: z.string(), level: z.nullish(z.number()), meanings: z._default(z.array(z.string()), []) })),
});
export type KanjiList = z.infer<typeof kanjiListSchema>;

const readingSchema = z.object({ reading: z.string(), grade: text });
/** GET /api/kanji/:id */
export const kanjiDetailSchema = z.object({
  id,
  character: z.string(),
  level: z.nullish(z.number()),
  /** The level's name from the content (10級, 9級–8級 …): truer than a fixed table. */
  level_label: text,
  joyo_level: z.nullish(z.union([z.number(), z.string()])),
  strokes: z.nullish(z.number()),
  meanings: z._default(z.array(z.string()), []),
  on_readings: z._default(z.array(readingSchema), []),
  kun_readings: z._default(z.array(readingSchema), []),
  radical: z.nullish(radicalSchema),
  components: z._default(z.array(z.string()), []),
  /** Old JLPT level, 4 easiest … 1 hardest. */
  jlpt: z.nullish(z.number()),
  /** Kanji Kentei level: 10級 … 2級, 準2級. */
  kanken: text,
  vocabs: z._default(z.array(z.object({ vocab: z.string(), vocab_hiragana: text, vocab_meaning: text, vocab_note: text })), []),
});
export type KanjiDetail = z.infer<typeof kanjiDetailSchema>;

const kanaEntry = z.object({ kana: z.string(), romaji: z.string(), hint: text });
export type KanaEntry = z.infer<typeof kanaEntry>;
/** GET /api/kana: the chart, row by row. */
export const kanaChartSchema = z.object({
  rows: z.array(z.object({ row: z.string(), hiragana: z.array(kanaEntry), katakana: z.array(kanaEntry) })),
});
export type KanaChart = z.infer<typeof kanaChartSchema>;

/** GET /api/kana/:kana */
export const kanaDetailSchema = z.object({
  kana: z.string(),
  romaji: text,
  hint: text,
  audio_url: text,
  vocab_reading: text,
  vocab_definition: text,
});
export type KanaDetail = z.infer<typeof kanaDetailSchema>;

/** GET /api/vocabs: one tab of a vocab course. */
export const vocabListSchema = z.object({
  course: z.string(),
  tab: z.string(),
  tabs: z.array(tabSchema),
  items: z.array(z.object({ id, kanji: text, reading: z.string(), definition: text, level: z.nullish(z.number()), note: text })),
});
export type VocabList = z.infer<typeof vocabListSchema>;

const dictionarySentence = z.object({
  id: z.nullish(id),
  text: z.string(),
  clean_text: text,
  translation: text,
  context: text,
  source: text,
});

/** GET /api/vocabs/:id */
export const vocabDetailSchema = z.object({
  id,
  kanji: text,
  reading: z.string(),
  definition: text,
  audio_url: text,
  level: z.nullish(z.number()),
  part_of_speech: text,
  senses: z._default(z.array(z.object({ glosses: z.array(z.string()), pos: z._default(z.array(z.string()), []) })), []),
  /** Downstep positions, 0 = flat; the usual accent first. */
  pitch: z._default(z.array(z.number()), []),
  /** Other spellings and readings of the same word. */
  variants: z._default(z.array(z.object({ written: z.string(), reading: z.string() })), []),
  /** Register warning, shown wherever the word is. */
  note: text,
  sentence: z.nullish(dictionarySentence),
  /** Every sentence of the word, the first one first (a Vocab I word has two). */
  sentences: z._default(z.array(dictionarySentence), []),
});
export type VocabDetail = z.infer<typeof vocabDetailSchema>;

/** GET /api/strokes/:character: one SVG path per stroke, in order. */
export const strokesSchema = z.object({ character: z.string(), strokes: z.array(z.string()) });
export type Strokes = z.infer<typeof strokesSchema>;
