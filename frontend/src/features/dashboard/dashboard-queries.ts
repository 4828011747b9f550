// The home page's one call: per course, what is due, what is new, the level's progress and the next days.
import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema } from '../../../../contract/progress';
import { leechesSchema, relearnResponseSchema } from '../../../../contract/study';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

// The dashboard's shape is the API contract's (contract/progress.ts, issue 18).
export { courseDashboardSchema, dashboardSchema, type CourseDashboard, type Dashboard } from '../../../../contract/progress';
export { leechesSchema, type Leech, type Leeches } from '../../../../contract/study';

/** Asked afresh whenever the home page is shown (after a session it must show the new counts). */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: ({ signal }) => api.get('/api/dashboard', dashboardSchema, undefined, signal),
  staleTime: 0,
  // "Next review in 2 hours" becomes "3 reviews due" by itself while the page stays open.
  refetchInterval: 60_000,
});

/** The learner's leeches with their wrong answers (issue 31): asked with the dashboard, afresh each time. */
export const leechesQuery = queryOptions({
  queryKey: queryKeys.leeches,
  queryFn: ({ signal }) => api.get('/api/leeches', leechesSchema, undefined, signal),
  staleTime: 0,
});

/** Starts re-learning a leech: the card is due at once, to be read again as a lesson on its course page. */
export function relearnLeech(id: string, idempotencyKey: string) {
  return api.post('/api/leeches/relearn', { id }, relearnResponseSchema, { 'Idempotency-Key': idempotencyKey });
}
