/** The learner's reader as its decisions need it: which texts and queues exist and are live. */
export interface ReaderState {
  userId: string;
  texts: ReadonlySet<string>;
  /** queue id → undone */
  queues: ReadonlyMap<string, boolean>;
}

export function initialReaderState(userId: string): ReaderState {
  return { userId, texts: new Set(), queues: new Map() };
}

export function evolve(state: ReaderState, event: { type: string; data: unknown }): ReaderState {
  const d = event.data as { textId?: string; queueId?: string };
  switch (event.type) {
    case 'TextSaved':
      return { ...state, texts: new Set([...state.texts, d.textId!]) };
    case 'TextDeleted': {
      const texts = new Set(state.texts);
      texts.delete(d.textId!);
      return { ...state, texts };
    }
    case 'WordsQueuedFromText':
      return { ...state, queues: new Map([...state.queues, [d.queueId!, false]]) };
    case 'WordsUnqueued':
      return { ...state, queues: new Map([...state.queues, [d.queueId!, true]]) };
    default:
      return state;
  }
}
