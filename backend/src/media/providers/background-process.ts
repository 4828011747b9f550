import type { ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * The niceness of the media work's helper processes (Open JTalk, espeak-ng, opusenc, lame, ffmpeg, opusdec): on a
 * small machine the system voice makes clips for hours beside the learners' requests (issue 34, item 2), and the
 * kernel should always prefer a grade to a clip. 10 of 19: the clips still get every idle cycle.
 */
export const MEDIA_PROCESS_NICENESS = 10;

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
