// The reader's requests (issue 32, "Read with Kioku"): a pasted text to analyse or keep, words to learn first.
// Strict: an unknown field is a 400 naming it; every message is written for the learner.
import * as z from 'zod/mini';
import { VOCAB_COURSES } from './courses';

/** The longest text the reader takes (characters, after trimming). */
export const READ_TEXT_MAX = 20_000;
export const READ_TITLE_MAX = 120;
/** The most words one "Learn these" may queue. */
export const QUEUE_WORDS_MAX = 500;

/** Hiragana, katakana (incl. the prolonged sound mark), CJK ideographs and the iteration mark 々. */
const JAPANESE = /[\u3041-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005]/;

export const readTextSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Paste or type a Japanese text.'),
  z.maxLength(READ_TEXT_MAX, `Use at most ${READ_TEXT_MAX.toLocaleString('en-US')} characters; split a longer text into parts.`),
  z.refine((s) => s.length === 0 || JAPANESE.test(s), 'This text has no Japanese in it: paste a text written in kana or kanji.'),
);

/** POST /api/read/analyse: the text, analysed for the learner, nothing kept. */
export const analyseTextBodySchema = z.strictObject({ text: readTextSchema });
export type AnalyseTextBody = z.input<typeof analyseTextBodySchema>;

/** POST /api/read/texts: keep a text (private to the learner); the title defaults to the text's first line. */
export const saveTextBodySchema = z.strictObject({
  title: z.optional(z.string().check(z.trim(), z.maxLength(READ_TITLE_MAX, `Use at most ${READ_TITLE_MAX} characters.`))),
  text: readTextSchema,
});
export type SaveTextBody = z.input<typeof saveTextBodySchema>;

/** POST /api/read/queue: vocab words (by id) to come first in the learner's next lessons of their course. */
export const queueWordsBodySchema = z.strictObject({
  /** the kept text the words come from, when there is one */
  text_id: z.optional(z.nullable(z.uuid('Expected the id of one of your texts.'))),
  vocab_ids: z
    .array(z.int().check(z.positive(), z.lte(2_147_483_647)))
    .check(z.minLength(1, 'Pick at least one word.'), z.maxLength(QUEUE_WORDS_MAX, `Pick at most ${QUEUE_WORDS_MAX} words at once.`)),
});
export type QueueWordsBody = z.input<typeof queueWordsBodySchema>;

export { VOCAB_COURSES };
