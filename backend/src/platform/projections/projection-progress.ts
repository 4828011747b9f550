import { EventEmitter } from 'node:events';

/**
 * Checkpoints moved by this process's projection runners. A read-your-writes wait (waitForProjection) in the same
 * process (ROLE=all, or a test) wakes as soon as the batch it waits for commits, instead of at its next poll;
 * waits for a runner in another process still poll.
 */
const advanced = new EventEmitter().setMaxListeners(0);

export function projectionAdvanced(name: string): void {
  advanced.emit(name);
}

/** Resolves when `name`'s checkpoint moves in this process, or after `ms`, whichever comes first. */
export function nextAdvance(name: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      advanced.off(name, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    advanced.on(name, done);
  });
}
