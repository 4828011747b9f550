// Audio helpers: prefetch the next card's sound so it plays without delay, and play without unhandled rejections.

const prefetched = new Map<string, HTMLAudioElement>();
const MAX_PREFETCHED = 8;

export function prefetchAudio(url: string | null | undefined): void {
  if (!url || prefetched.has(url) || typeof Audio === 'undefined') return;
  const audio = new Audio();
  audio.preload = 'auto';
  audio.src = url;
  prefetched.set(url, audio);
  if (prefetched.size > MAX_PREFETCHED) prefetched.delete(prefetched.keys().next().value as string);
}

/** Autoplay may be refused by the browser until the person interacts with the page; that is fine. */
export function playAudio(element: HTMLAudioElement | null): void {
  if (!element) return;
  try {
    element.currentTime = 0;
    const result = element.play();
    if (result && typeof result.catch === 'function') result.catch(() => undefined);
  } catch {
    // Media not supported in this environment.
  }
}
