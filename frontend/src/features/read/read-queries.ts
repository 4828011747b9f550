// Read with Kioku (issue 32): the reader's calls. The analysis runs in the API; the browser only renders its answer.
import { queryOptions } from '@tanstack/react-query';
import { queueAnswerSchema, queuesSchema, queueUndoneSchema, readAnalysisSchema, savedTextSchema, savedTextsSchema, textDeletedSchema } from '../../../../contract/reader';
import type { AnalyseTextBody, QueueWordsBody, SaveTextBody } from '../../../../contract/reader.requests';
import { api } from '../../lib/api';

export type { QueueAnswer, Queues, ReadAnalysis, ReadToken, ReadWord, ReadWordState, SavedText, SavedTextSummary } from '../../../../contract/reader';

export const READ_TEXT_MAX = 20_000;

export const readKeys = {
  all: ['read'] as const,
  texts: ['read', 'texts'] as const,
  text: (id: string) => ['read', 'texts', id] as const,
  queues: ['read', 'queues'] as const,
};

export const readQueries = {
  texts: () => queryOptions({ queryKey: readKeys.texts, queryFn: ({ signal }) => api.get('/api/read/texts', savedTextsSchema, undefined, signal), staleTime: 0 }),
  // Read afresh each time it is opened: the colours follow the learner's cards.
  text: (id: string) => queryOptions({ queryKey: readKeys.text(id), queryFn: ({ signal }) => api.get(`/api/read/texts/${encodeURIComponent(id)}`, savedTextSchema, undefined, signal), staleTime: 0 }),
  queues: () => queryOptions({ queryKey: readKeys.queues, queryFn: ({ signal }) => api.get('/api/read/queue', queuesSchema, undefined, signal), staleTime: 0 }),
};

/** The writes carry the learner action's Idempotency-Key (lib/action-key.ts): a retried one is recorded once. */
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export const readApi = {
  analyse: (body: AnalyseTextBody) => api.post('/api/read/analyse', body, readAnalysisSchema),
  save: (body: SaveTextBody, key: string) => api.post('/api/read/texts', body, savedTextSchema, keyed(key)),
  remove: (id: string, key: string) => api.delete(`/api/read/texts/${encodeURIComponent(id)}`, undefined, textDeletedSchema, keyed(key)),
  queue: (body: QueueWordsBody, key: string) => api.post('/api/read/queue', body, queueAnswerSchema, keyed(key)),
  undo: (queueId: string, key: string) => api.delete(`/api/read/queue/${encodeURIComponent(queueId)}`, undefined, queueUndoneSchema, keyed(key)),
};

/** 42 %, or a dash for nothing to count. */
export function percent(share: { known: number; total: number }): string {
  return share.total ? `${Math.round((share.known / share.total) * 100)} %` : '–';
}
