// The home page's one call: per course, what is due, what is new, the level's progress and the next days.
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import { COURSES } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

export const courseDashboardSchema = z.object({
  course: z.enum(COURSES),
  level: z.number(),
  level_cards: z.number(),
  level_done: z.number(),
  level_available: z.number(),
  review_count: z.number(),
  new_available: z.number(),
  next_review_at: z.nullable(z.string()),
  forecast_total: z.number(),
  learned_count: z.number(),
});
export type CourseDashboard = z.infer<typeof courseDashboardSchema>;

export const dashboardSchema = z.object({
  first_visit: z.boolean(),
  courses: z.array(courseDashboardSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Asked afresh whenever the home page is shown (after a session it must show the new counts). */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: ({ signal }) => api.get('/api/dashboard', dashboardSchema, undefined, signal),
  staleTime: 0,
  // "Next review in 2 hours" becomes "3 reviews due" by itself while the page stays open.
  refetchInterval: 60_000,
});
