import type { Logger } from 'pino';

interface Closable {
  close(): Promise<unknown>;
}

/**
 * SIGTERM and SIGINT: stop taking work, let what is in flight finish, hand back what the process holds (Nest's
 * shutdown hooks: the projection leases, the media worker's jobs, the pools), then exit. A request stuck on the
 * database must not keep an orchestrator waiting past its grace period (issue 28: SIGTERM did not stop a process
 * whose pool had hung): after `graceMs` the process exits anyway, saying so. A second signal exits at once.
 */
export function exitGracefully(app: Closable, logger: Logger, graceMs: number, what = 'Kioku'): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info(`${signal}: ${what} is shutting down (at most ${Math.round(graceMs / 1000)} s)`);
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
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
