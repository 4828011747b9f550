import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';

/**
 * The niceness of background media work (the media process below, and the helper processes the media jobs start):
 * on a small machine the system voice makes clips for hours beside the learners' requests (issue 34, item 2), and
 * the kernel should always prefer a grade to a clip. 10 of 19: the clips still get every idle cycle.
 */
export const BACKGROUND_NICENESS = 10;

const FIRST_RESTART_DELAY_MS = 1_000;
const LAST_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before it ended was healthy: the next restart waits the first delay again. */
const HEALTHY_RUN_MS = 60_000;

/**
 * The media process's environment: ROLE=media, no metrics listener of its own (the API keeps METRICS_PORT), and on a
 * machine with 2 cores or fewer one job at a time unless MEDIA_WORKER_CONCURRENCY says otherwise. Two jobs at once
 * made 285 clips a minute beside 60 grades/s at grade p99 61 ms; one made 189 at 37 ms (the target is 50 ms:
 * bench/grades-beside-voice.bench.mjs): what the niced process cannot hold back is the PostgreSQL work its clips
 * cause, which runs at normal priority.
 */
export function mediaProcessEnv(env: NodeJS.ProcessEnv, cores: number): NodeJS.ProcessEnv {
  const concurrency = env.MEDIA_WORKER_CONCURRENCY?.trim() || (cores <= 2 ? '1' : undefined);
  return { ...env, ROLE: 'media', METRICS_PORT: '', ...(concurrency && { MEDIA_WORKER_CONCURRENCY: concurrency }) };
}

export interface MediaProcess {
  /** Asks the media process to finish (it hands back its jobs) and waits for it, at most `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

/**
 * `npm start` on a small machine: the media worker and the system voice in a child process of their own
 * (`worker.js` with `env`, from mediaProcessEnv) at BACKGROUND_NICENESS. In the API's process their JavaScript (a clip's loudness
 * measure, WAV trimming) shares the event loop with the learners' requests; in a niced process of its own the kernel
 * runs a grade first. The child ends when this process does, however it ends: it watches its IPC channel, which
 * closes even on kill -9, and that is also how `stop` asks (not a signal: a terminal's Ctrl+C or a SIGTERM to the
 * process group reaches the child as well, and a second signal would cut its shutdown short). It is started again,
 * after a growing delay, if it dies on its own.
 */
export function startMediaProcess(logger: Logger, env: NodeJS.ProcessEnv): MediaProcess {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    const started = spawn(process.execPath, [join(__dirname, '..', 'worker.js')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    if (started.pid !== undefined) {
      try {
        setPriority(started.pid, BACKGROUND_NICENESS);
      } catch {
        // The platform refuses (or the process already ended): the clips are made at normal priority.
      }
    }
    started.on('error', (error) => logger.error({ err: error }, 'the media process could not be started'));
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      if (stopping) return;
      delay = Date.now() - startedAt >= HEALTHY_RUN_MS ? FIRST_RESTART_DELAY_MS : delay;
      logger.error(`the media process ended (${signal ?? `exit code ${code}`}); starting it again in ${Math.round(delay / 1000)} s`);
      restartTimer = setTimeout(start, delay);
      restartTimer.unref();
      delay = Math.min(delay * 2, LAST_RESTART_DELAY_MS);
    });
    logger.info(`media jobs and the system voice run in process ${started.pid} (niceness ${BACKGROUND_NICENESS})`);
  };
  start();

  return {
    async stop(graceMs: number) {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      if (running.connected) running.disconnect();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      if ((await Promise.race([exited, late])) === 'late') {
        logger.warn(`the media process did not stop within ${graceMs} ms: killing it`);
        running.kill('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
    },
  };
}

/**
 * In the media process, called first thing: the process ends as soon as the parent's IPC channel closes, i.e. when
 * `npm start`'s process asks or ends, even by kill -9: at once while it is still starting, and through the returned
 * function's `shutdown` (graceful: it hands back its jobs) once that is given. A process started by hand, with no
 * IPC channel, is not affected.
 */
export function endWithParent(): (shutdown: (reason: string) => void) => void {
  if (typeof process.send !== 'function') return () => undefined;
  let graceful: ((reason: string) => void) | undefined;
  process.once('disconnect', () => (graceful ? graceful('npm start ended') : process.exit(0)));
  return (shutdown) => {
    graceful = shutdown;
    if (!process.connected) shutdown('npm start ended');
  };
}
