import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { BACKGROUND_NICENESS } from '../../platform/media-process';

/**
 * The niceness of the media work's helper processes (Open JTalk, espeak-ng, opusenc, lame, ffmpeg, opusdec): the
 * platform's background niceness, the same as npm start's media process on a small machine (issue 34, item 2).
 */
export const MEDIA_PROCESS_NICENESS = BACKGROUND_NICENESS;

/** Lowers `child`'s CPU priority to MEDIA_PROCESS_NICENESS right after it starts, and returns it. */
export function inBackground<T extends ChildProcess>(child: T): T {
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, MEDIA_PROCESS_NICENESS);
    } catch {
      // The process already ended (its exit is reported by its own handlers), or the platform refuses: the clip
      // is made either way, only at normal priority.
    }
  }
  return child;
}

/** The same for a promisified execFile's promise, which carries its child. */
export function runInBackground<T>(running: Promise<T> & { child: ChildProcess }): Promise<T> {
  inBackground(running.child);
  return running;
}
