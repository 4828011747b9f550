// A course page's first screen in one round trip (issue 31, item 12). index.html, as the server sends it for
// /kana and the other course pages of a signed-in learner, preloads GET /api/pages/course?course=…: the profile,
// the study panel's next card, the stats (progress table and review forecast), the awards and the catch-up plan in one answer, on its
// way while the scripts load. Before the first render, each of the page's queries is given that one answer as its
// fetch, so the shell and the panels find it (or join it) instead of asking four times. The dictionary is not in it:
// its panel loads once the first screen is on screen.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { coursePageSchema, type CoursePage } from '../../../contract/progress';
import { awardsQueries } from '../features/awards/awards-queries';
import { progressQueries } from '../features/progress/progress-queries';
import { preloadPlanScreens } from '../features/study/study-overview';
import { catchUpQuery, studyQueries } from '../features/study/study-queries';
import { preloadedGet } from '../lib/api';
import { isCourse, type Course } from '../lib/courses';
import { profileQuery } from '../lib/profile';

/** The course a page path shows (/kana, /vocab1/), or null. */
function courseOf(pathname: string): Course | null {
  const segment = /^\/([a-z0-9]+)\/?$/.exec(pathname)?.[1];
  return isCourse(segment) ? segment : null;
}

/** The path of the one call a course page's first screen reads; null for any other page. */
export function coursePagePath(pathname: string): string | null {
  const course = courseOf(pathname);
  return course ? `/api/pages/course?course=${course}` : null;
}

/**
 * On a full load of a course page: fetches its first screen once (the preloaded answer) and makes it the fetch of
 * the profile, next-card, stats and awards queries. Answers whether it did. A failed call fails those queries as
 * their own calls would (a 401 sends the shell to sign-in), and their next fetch is their own again.
 */
export function startPagePreload(queryClient: QueryClient, pathname: string): boolean {
  const course = courseOf(pathname);
  if (!course) return false;
  const page = preloadedGet(`/api/pages/course?course=${course}`, coursePageSchema);
  // The catch-up plan's key holds the review count, known only with the answer: set before the next card's query
  // settles (this callback runs first), so the study panel that shows with that card finds its plan already there.
  page.then(
    (p) => {
      queryClient.setQueryData(catchUpQuery(course, p.flashcard.review_count).queryKey, p.catch_up);
      // A pile or a plan: its screens' chunk comes with the answer, not after the panel asks for it.
      if (p.catch_up.offer || p.catch_up.plan) preloadPlanScreens();
    },
    () => undefined, // the failure is the other queries' to report
  );
  const parts: Array<[QueryKey, (p: CoursePage) => unknown]> = [
    [profileQuery.queryKey, (p) => p.profile],
    [studyQueries.flashcard(course).queryKey, (p) => p.flashcard],
    [progressQueries.stats(course).queryKey, (p) => p.stats],
    [awardsQueries.mastery(course).queryKey, (p) => p.mastery],
  ];
  for (const [queryKey, part] of parts) {
    void queryClient.prefetchQuery({ queryKey, queryFn: () => page.then(part), retry: false });
  }
  return true;
}
