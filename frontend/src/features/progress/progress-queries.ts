import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

const named = z.object({ name: z.string() });

export const statsSchema = z.object({
  levels: z.array(
    z.object({
      level: z.number(),
      primary: named,
      secondary: z.nullish(named),
      untrained: z.number(),
      learning: z.number(),
      intermediate: z.number(),
      mastered: z.number(),
      /** the level's cards and how many can be studied now (fewer while sentences are being written) */
      cards: z.optional(z.number()),
      available: z.optional(z.number()),
    }),
  ),
  review_forecast: z.array(z.object({ day: z.number(), count: z.number() })),
});
export type Stats = z.infer<typeof statsSchema>;

export const progressQueries = {
  stats: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.progress(course), 'stats'] as const,
      queryFn: ({ signal }) => api.get('/api/users/stats', statsSchema, { course }, signal),
    }),
};
