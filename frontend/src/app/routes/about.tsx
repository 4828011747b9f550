// /about, in the learner shell and the public frame: a chunk of its own (issue 32, entry JS ≤ 130 KB gzip), the
// credits being text no first screen shows.
import { lazyComponent, PageSuspense } from '../../lib/lazy-component';

const AboutContent = lazyComponent(() => import('./about-page').then((m) => m.AboutPage));

export function AboutPage() {
  return (
    <PageSuspense>
      <AboutContent />
    </PageSuspense>
  );
}
