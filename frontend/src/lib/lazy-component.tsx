// React.lazy for a named export, with a preload (issue 32: entry JS ≤ 130 KB gzip). A part no first screen shows
// is a chunk of its own; `preload()` fetches it ahead (once the first screen is painted), so it is there when asked for.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(() => load().then((component) => ({ default: component }))),
    { preload: () => void load() },
  );
}

/** A lazy page, with the one loading line while its chunk arrives. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="loading page">Loading...</p>}>{children}</Suspense>;
}
