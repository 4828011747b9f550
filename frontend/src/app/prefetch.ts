// The first screen's data asked for at once (issue 19): the shell waits for the profile, and the panels of a
// course page only ask for theirs once they render, after it; a course page then took a round trip per wave.
// Started with the profile instead, every request is on the wire together and the panels find their data cached.
// On a full load of a course page it was preloaded with index.html in one call (page-preload.ts): these find it.
import type { QueryClient } from '@tanstack/react-query';
import { awardsQueries } from '../features/awards/awards-queries';
import { dashboardQuery, leechesQuery } from '../features/dashboard/dashboard-queries';
import { progressQueries } from '../features/progress/progress-queries';
import { studyQueries } from '../features/study/study-queries';
import { isCourse, type Course } from '../lib/courses';

// The dictionary is not among them (issue 31): it loads once the first screen is on screen (dictionary-panel.tsx).
function courseQueries(course: Course) {
  return [studyQueries.flashcard(course), progressQueries.stats(course), awardsQueries.mastery(course)];
}

/** Prefetches what the page at `pathname` shows (a course page or the dashboard); failures are left to the panels. */
export function prefetchPage(queryClient: QueryClient, pathname: string): void {
  const segment = pathname.split('/')[1] ?? '';
  const queries = pathname === '/' ? [dashboardQuery, leechesQuery] : isCourse(segment) ? courseQueries(segment) : [];
  for (const q of queries) void queryClient.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]);
}
