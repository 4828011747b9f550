import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './platform/config/config';
import { ensureDatabase, migrate } from './platform/database/migrations';
import { createLogger, PinoNestLogger } from './platform/logger';
import { endWithParent } from './platform/media-process';
import { exitGracefully } from './platform/shutdown';

/**
 * The background process for scaled-out deployments (docker compose `worker`): projection runners and the
 * BullMQ media worker, no HTTP. `npm start` runs the same services inside the API process (ROLE=all), or on a
 * small machine starts this file with ROLE=media as its child: the media jobs and the system voice only, after
 * npm start has migrated, ending with its parent. Several workers may run: projection leases and BullMQ make sure
 * each piece of work runs once.
 */
async function main(): Promise<void> {
  const mediaOnly = process.env.ROLE === 'media';
  const onParentEnd = mediaOnly ? endWithParent() : undefined;
  const config = loadConfig({ ...process.env, ROLE: mediaOnly ? 'media' : 'worker' });
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  if (!mediaOnly) {
    await ensureDatabase(config.DATABASE_URL);
    await migrate(config.DATABASE_URL, (line) => logger.info(line));
  }
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  logger.info(mediaOnly ? 'Kioku media process is running (media jobs and the system voice)' : 'Kioku worker is running (projections and media jobs)');
  const shutdown = exitGracefully(app, logger, config.SHUTDOWN_GRACE_MS, mediaOnly ? 'the media process' : 'the Kioku worker');
  onParentEnd?.(shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
