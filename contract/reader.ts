// The reader's answers (issue 32): a text as the learner can read it (tokens with furigana, each word's state for
// this learner) and the figures on top; kept texts; queued words. Requests are in reader.requests.ts.
import * as z from 'zod/mini';

/**
 * A word's state for this learner: known (their card is Intermediate or Mastered), learning (a card still
 * Learning), new (not met yet, taught in a course: `course` and `level` say where), outside (in no course).
 */
export const READ_WORD_STATES = ['known', 'learning', 'new', 'outside'] as const;
export type ReadWordState = (typeof READ_WORD_STATES)[number];

export const readWordSchema = z.object({
  /** the dictionary form the course teaches (食べる for 食べなかった), or kuromoji's for a word in no course */
  word: z.string(),
  reading: z.nullable(z.string()),
  state: z.enum(READ_WORD_STATES),
  vocab_id: z.nullable(z.number()),
  course: z.nullable(z.string()),
  level: z.nullable(z.number()),
  /** a new word of a level the learner cannot open without a subscription */
  locked: z.boolean(),
  /** how often the text uses it */
  count: z.number(),
});
export type ReadWord = z.infer<typeof readWordSchema>;

export const readTokenSchema = z.object({
  text: z.string(),
  /** the token with its reading, as the app writes furigana (食[た]べ); null when it has no kanji */
  furigana: z.nullable(z.string()),
  /** index into `words`; null for particles, punctuation, names and numbers */
  word: z.nullable(z.number()),
  /** why a word-like token is not counted */
  skipped: z.optional(z.enum(['name', 'number'])),
});
export type ReadToken = z.infer<typeof readTokenSchema>;

const share = z.object({ known: z.number(), total: z.number() });

export const readFiguresSchema = z.object({
  /** counted tokens (each use of a word) the learner knows */
  tokens: share,
  /** distinct words the learner knows */
  words: share,
  /** distinct kanji the learner knows (a reading card of it Intermediate or Mastered) */
  kanji: share,
});
export type ReadFigures = z.infer<typeof readFiguresSchema>;

export const readAnalysisSchema = z.object({
  figures: readFiguresSchema,
  tokens: z.array(readTokenSchema),
  words: z.array(readWordSchema),
  /** milliseconds the server spent: kuromoji's tokenising, and the whole analysis including it */
  timing: z.object({ tokenize_ms: z.number(), analyse_ms: z.number() }),
});
export type ReadAnalysis = z.infer<typeof readAnalysisSchema>;

export const savedTextSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  characters: z.number(),
  /** distinct words of the text the learner knows *now* (it rises as they study) */
  words: share,
});
export type SavedTextSummary = z.infer<typeof savedTextSummarySchema>;

export const savedTextsSchema = z.object({ texts: z.array(savedTextSummarySchema) });

export const savedTextSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  text: z.string(),
  analysis: readAnalysisSchema,
});
export type SavedText = z.infer<typeof savedTextSchema>;

export const textDeletedSchema = z.object({ deleted: z.literal(true) });

const queuedWord = z.object({ vocab_id: z.number(), word: z.string(), reading: z.string(), course: z.string(), level: z.number() });

/** POST /api/read/queue: what was queued per course, and what was not and why. */
export const queueAnswerSchema = z.object({
  queue_id: z.nullable(z.string()),
  queued: z.array(queuedWord),
  /** words of levels the learner's plan does not open: they say so instead of being queued */
  locked: z.array(queuedWord),
  /** words the learner has a card of already */
  already_learned: z.array(queuedWord),
  message: z.nullable(z.string()),
});
export type QueueAnswer = z.infer<typeof queueAnswerSchema>;

/** GET /api/read/queue: the learner's queues with words still waiting for their lesson (the dashboard shows them). */
export const queuesSchema = z.object({
  queues: z.array(
    z.object({
      id: z.string(),
      queued_at: z.string(),
      text_title: z.nullable(z.string()),
      /** words not learned yet, in the order their lessons come */
      waiting: z.array(queuedWord),
      learned: z.number(),
    }),
  ),
});
export type Queues = z.infer<typeof queuesSchema>;

export const queueUndoneSchema = z.object({ undone: z.number() });
