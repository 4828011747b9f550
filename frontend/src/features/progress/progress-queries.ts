import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { statsSchema } from '../../lib/api-schemas';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';

// The stats shape lives in lib (the admin's user page reads it too); exported here for the progress feature's readers.
export { statsSchema, type Stats } from '../../lib/api-schemas';

export const progressQueries = {
  stats: (course: Course) =>
    queryOptions({
      queryKey: [...queryKeys.progress(course), 'stats'] as const,
      queryFn: ({ signal }) => api.get('/api/users/stats', statsSchema, { course }, signal),
    }),
};
