// /about, in the learner shell and the public frame: a chunk of its own (issue 32, entry JS ≤ 130 KB gzip), the
// credits being text no first screen shows.
import { lazyComponent, PageLoading } from '../../lib/lazy-component';

export const AboutPage = lazyComponent(() => import('./about-page').then((m) => m.AboutPage), PageLoading);
