import type { Logger } from 'pino';

interface Closable {
  close(): Promise<unknown>;
}

/**
 * SIGTERM and SIGINT: stop taking work, let what is in flight finish, hand back what the process holds (Nest's
 * shutdown hooks: the projection leases, the media worker's jobs, the pools), then exit. A request stuck on the
 * database must not keep an orchestrator waiting past its grace period (issue 28: SIGTERM did not stop a process
 * whose pool had hung): after `graceMs` the process exits anyway, saying so. A second signal exits at once.
 * Answers the same shutdown for other causes (npm start's media process when its parent ends): calling it while
 * the process is already shutting down changes nothing.
 */
export function exitGracefully(app: Closable, logger: Logger, graceMs: number, what = 'Kioku'): (reason: string) => void {
  let closing = false;
  const shutdown = (reason: string) => {
    closing = true;
    logger.info(`${reason}: ${what} is shutting down (at most ${Math.round(graceMs / 1000)} s)`);
    const deadline = setTimeout(() => {
      logger.warn(`${what} did not finish shutting down within ${graceMs} ms (requests or jobs still open): exiting anyway`);
      process.exit(1);
    }, graceMs);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, `${what} failed to shut down cleanly`);
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string) => (closing ? process.exit(1) : shutdown(signal));
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  return (reason) => {
    if (!closing) shutdown(reason);
  };
}
