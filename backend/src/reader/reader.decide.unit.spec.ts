import { decideDeleteText, decideQueueWords, decideSaveText, decideUndoQueue, MAX_TEXTS, QueueCandidate } from './reader.decide';
import { evolve, initialReaderState, ReaderState } from './reader.state';

const userId = '0b6f3f7e-2b7a-4c38-9d54-3c1f6a0f7e11';
const textId = '6f1c2b8e-8c1f-4b55-9a0e-5d7a1b2c3d4e';
const queueId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const now = new Date('2026-06-01T10:00:00Z');
const sealed = { iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const fold = (state: ReaderState, events: Array<{ type: string; data: unknown }>) => events.reduce(evolve, state);
const word = (vocabId: number, extra: Partial<QueueCandidate> = {}): QueueCandidate => ({ vocabId, course: 'vocab1', level: 1, learned: false, locked: false, ...extra });

describe('the reader’s decisions', () => {
  it('given no texts, when a text is kept, then TextSaved carries it sealed and the time it was kept', () => {
    const events = decideSaveText(initialReaderState(userId), { textId, sealed, characters: 12 }, now);
    expect(events).toEqual([{ type: 'TextSaved', data: { userId, textId, createdAt: now.toISOString(), sealed, characters: 12 } }]);
    expect(fold(initialReaderState(userId), events).texts.has(textId)).toBe(true);
  });

  it('given the most texts a learner keeps, when another is kept, then it is refused with what to do', () => {
    const full = { ...initialReaderState(userId), texts: new Set(Array.from({ length: MAX_TEXTS }, (_, i) => `t${i}`)) };
    expect(() => decideSaveText(full, { textId, sealed, characters: 1 }, now)).toThrow(expect.objectContaining({ code: 'conflict', message: expect.stringContaining('Delete one') }));
  });

  it('given a kept text, when it is deleted, then TextDeleted, and a second delete is not found', () => {
    const kept = fold(initialReaderState(userId), decideSaveText(initialReaderState(userId), { textId, sealed, characters: 1 }, now));
    const events = decideDeleteText(kept, textId);
    expect(events).toEqual([{ type: 'TextDeleted', data: { userId, textId } }]);
    expect(() => decideDeleteText(fold(kept, events), textId)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('when words are queued, then the open ones are queued in order, locked and learned ones are reported, duplicates dropped', () => {
    const { events, result } = decideQueueWords(
      initialReaderState(userId),
      { queueId, textId: null, words: [word(3, { level: 4 }), word(1), word(2, { learned: true }), word(5, { level: 2, locked: true }), word(3)] },
      now,
    );
    expect(result.queued.map((w) => w.vocabId)).toEqual([3, 1]);
    expect(result.locked.map((w) => w.vocabId)).toEqual([5]);
    expect(result.learned.map((w) => w.vocabId)).toEqual([2]);
    expect(events).toEqual([
      {
        type: 'WordsQueuedFromText',
        data: { userId, queueId, textId: null, queuedAt: now.toISOString(), words: [{ course: 'vocab1', materialType: 'vocab', materialId: 3, level: 4 }, { course: 'vocab1', materialType: 'vocab', materialId: 1, level: 1 }] },
      },
    ]);
  });

  it('when nothing is open to queue, then no event; a text that is not the learner’s is not found', () => {
    expect(decideQueueWords(initialReaderState(userId), { queueId, textId: null, words: [word(5, { locked: true })] }, now).events).toEqual([]);
    expect(() => decideQueueWords(initialReaderState(userId), { queueId, textId, words: [word(1)] }, now)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('given a queue, when it is undone, then WordsUnqueued once', () => {
    const queued = fold(initialReaderState(userId), decideQueueWords(initialReaderState(userId), { queueId, textId: null, words: [word(1)] }, now).events);
    const events = decideUndoQueue(queued, queueId);
    expect(events).toEqual([{ type: 'WordsUnqueued', data: { userId, queueId } }]);
    expect(() => decideUndoQueue(fold(queued, events), queueId)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => decideUndoQueue(initialReaderState(userId), queueId)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
