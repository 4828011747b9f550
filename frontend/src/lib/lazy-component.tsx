// A component in a chunk of its own (issue 32: entry JS ≤ 130 KB gzip), for parts no first screen shows.
// `preload()` fetches the chunk ahead (once the first screen is painted), so it is there when asked for.
// Not React.lazy + Suspense: React holds a Suspense boundary's content back up to 300 ms after its fallback
// showed (its reveal throttle), and a lazy suspends on its first render even when its chunk is loaded already.
// This one renders its component at once when the chunk is there, and `fallback` (nothing by default) until then.
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a chunk that failed to load (offline) is asked for again when the part next mounts
        throw error;
      },
    ));
  function LazyComponent(props: P) {
    const [ready, setReady] = useState(loaded !== null);
    useEffect(() => {
      // Asked even when the chunk arrived since this render: the render showed the fallback and must be redone.
      if (ready) return;
      let live = true;
      preload().then(
        () => live && setReady(true),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [ready]);
    const Component = loaded;
    return Component ? <Component {...props} /> : fallback(props);
  }
  return Object.assign(LazyComponent, { preload: () => void preload().catch(() => undefined) });
}

/** The loading line of a page whose chunk is on its way. */
export function PageLoading() {
  return <p className="loading page">Loading...</p>;
}

/** A React.lazy page, with the page's loading line while its chunk arrives. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
