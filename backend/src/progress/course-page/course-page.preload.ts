import { SESSION_COOKIE } from '../../accounts';
import type { PagePreloads } from '../../platform/http/page-preload';
import { COURSES } from '../../study';

/**
 * The preload index.html names for a course page (/kana, /vocab1, …) when the request carries a session: its first
 * screen's one call. Built from the course list only, so nothing of the request reaches the HTML.
 */
export const coursePagePreloads: PagePreloads = {
  preloadFor(path, cookies) {
    if (!cookies[SESSION_COOKIE]) return null;
    const course = COURSES.find((c) => path === `/${c}` || path === `/${c}/`);
    return course ? `/api/pages/course?course=${course}` : null;
  },
};
