import { z } from 'zod';
import { defineEvent } from '../platform/event-store/event-registry';

// The reader's events (issue 32), on the learner's stream `reader-<user>` (type `reader`). A kept text is private:
// its title and text are sealed with the text's own key (reader_text_keys, migration 048), so deleting the key
// erases them from the log too without rewriting it. Every other field is ids and decisions.

export const READER_STREAM_TYPE = 'reader';
export const readerStreamId = (userId: string) => `reader-${userId}`;

const sealed = z.strictObject({ iv: z.string(), tag: z.string(), data: z.string() });
export type Sealed = z.infer<typeof sealed>;

/** A learner kept a text: {title, text} sealed, the time it was kept. */
export const TextSaved = defineEvent(
  'TextSaved',
  z.strictObject({ userId: z.uuid(), textId: z.uuid(), createdAt: z.iso.datetime(), sealed, characters: z.number().int().nonnegative() }),
);
/** The learner deleted the text: its key and every read model row of it go in the same transaction. */
export const TextDeleted = defineEvent('TextDeleted', z.strictObject({ userId: z.uuid(), textId: z.uuid() }));

const queuedWord = z.strictObject({ course: z.string(), materialType: z.literal('vocab'), materialId: z.number().int().positive(), level: z.number().int() });

/** "Learn these": the words come first in the learner's next lessons of their course, in this order. */
export const WordsQueuedFromText = defineEvent(
  'WordsQueuedFromText',
  z.strictObject({ userId: z.uuid(), queueId: z.uuid(), textId: z.uuid().nullable(), queuedAt: z.iso.datetime(), words: z.array(queuedWord).min(1) }),
);
/** The learner undid a queue: its words not learned yet return to their course's order. */
export const WordsUnqueued = defineEvent('WordsUnqueued', z.strictObject({ userId: z.uuid(), queueId: z.uuid() }));

export const READER_EVENT_TYPES = [TextSaved.type, TextDeleted.type, WordsQueuedFromText.type, WordsUnqueued.type] as const;
