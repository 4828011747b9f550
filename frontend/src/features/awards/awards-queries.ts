import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

export const masterySchema = z.object({
  course: z.string(),
  level: z.number(),
  awards: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      text: z.nullish(z.string()),
      /** How to earn it (optional). */
      criterion: z.nullish(z.string()),
      icon: z.nullish(z.string()),
      color: z.nullish(z.string()),
      granted_at: z.nullable(z.string()),
    }),
  ),
  levels: z.array(z.object({ level: z.number(), total: z.number(), available: z.optional(z.number()), completed: z.number() })),
});
export type Mastery = z.infer<typeof masterySchema>;
export type Award = Mastery['awards'][number];

export const awardsQueries = {
  mastery: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.progress(course), 'mastery'] as const,
      queryFn: ({ signal }) => api.get('/api/users/course_mastery', masterySchema, { course }, signal),
    }),
};
