import { AppError } from '../platform/errors/app-error';
import { NewEvent } from '../platform/event-store/event-store.types';
import { Sealed, TextDeleted, TextSaved, WordsQueuedFromText, WordsUnqueued } from './reader.events';
import { ReaderState } from './reader.state';

/** How many texts a learner keeps at once (a reading list, not an archive): the oldest must go first. */
export const MAX_TEXTS = 200;

export function textNotFound(): AppError {
  return new AppError('not_found', 'There is no such text among yours.');
}

/** SaveText: a new text, sealed by the caller (the key is not the decision's: it is made and kept apart). */
export function decideSaveText(state: ReaderState, command: { textId: string; sealed: Sealed; characters: number }, now: Date): NewEvent[] {
  if (state.texts.size >= MAX_TEXTS) {
    throw new AppError('conflict', `You keep ${MAX_TEXTS} texts already. Delete one you have read to keep another.`);
  }
  return [TextSaved({ userId: state.userId, textId: command.textId, createdAt: now.toISOString(), sealed: command.sealed, characters: command.characters })];
}

/** DeleteText: only the learner's own, live text (another learner's id is "no such text", never a hint). */
export function decideDeleteText(state: ReaderState, textId: string): NewEvent[] {
  if (!state.texts.has(textId)) throw textNotFound();
  return [TextDeleted({ userId: state.userId, textId })];
}

export interface QueueCandidate {
  vocabId: number;
  course: string;
  level: number;
  /** the learner has a card of the word already */
  learned: boolean;
  /** the level is beyond what the learner's plan opens */
  locked: boolean;
}

export interface QueueDecision {
  queued: QueueCandidate[];
  locked: QueueCandidate[];
  learned: QueueCandidate[];
}

/**
 * QueueWords ("Learn these"): the words not learned yet and open to the learner's plan are queued, in the order
 * given; locked ones are reported, not queued (the answer says the level needs a subscription). Nothing to queue
 * is no event. A text named must be one of the learner's own.
 */
export function decideQueueWords(
  state: ReaderState,
  command: { queueId: string; textId: string | null; words: QueueCandidate[] },
  now: Date,
): { events: NewEvent[]; result: QueueDecision } {
  if (command.textId !== null && !state.texts.has(command.textId)) throw textNotFound();
  const result: QueueDecision = { queued: [], locked: [], learned: [] };
  const seen = new Set<number>();
  for (const w of command.words) {
    if (seen.has(w.vocabId)) continue;
    seen.add(w.vocabId);
    if (w.learned) result.learned.push(w);
    else if (w.locked) result.locked.push(w);
    else result.queued.push(w);
  }
  if (!result.queued.length) return { events: [], result };
  const event = WordsQueuedFromText({
    userId: state.userId,
    queueId: command.queueId,
    textId: command.textId,
    queuedAt: now.toISOString(),
    words: result.queued.map((w) => ({ course: w.course, materialType: 'vocab' as const, materialId: w.vocabId, level: w.level })),
  });
  return { events: [event], result };
}

/** UndoQueue: once per queue; an unknown or undone queue is "not found". */
export function decideUndoQueue(state: ReaderState, queueId: string): NewEvent[] {
  if (state.queues.get(queueId) !== false) throw new AppError('not_found', 'There is no such list of queued words to undo.');
  return [WordsUnqueued({ userId: state.userId, queueId })];
}
