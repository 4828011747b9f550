import { queryOptions } from '@tanstack/react-query';
import { masterySchema } from '../../../../contract/progress';
import { api } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

// The mastery's shape is the API contract's (contract/progress.ts, issue 18).
export { masterySchema, type Award, type Mastery } from '../../../../contract/progress';

export const awardsQueries = {
  mastery: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.progress(course), 'mastery'] as const,
      queryFn: ({ signal }) => api.get('/api/users/course_mastery', masterySchema, { course }, signal),
    }),
};
