import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './platform/config/config';
import { ensureDatabase, migrate } from './platform/database/migrations';
import { createLogger, PinoNestLogger } from './platform/logger';
import { exitGracefully } from './platform/shutdown';

/**
 * The background process for scaled-out deployments (docker compose `worker`): projection runners and the
 * BullMQ media worker, no HTTP. `npm start` runs the same services inside the API process (ROLE=all).
 * Several workers may run: projection leases and BullMQ make sure each piece of work runs once.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, ROLE: 'worker' });
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  await ensureDatabase(config.DATABASE_URL);
  await migrate(config.DATABASE_URL, (line) => logger.info(line));
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(config), { logger: new PinoNestLogger(logger) });
  await app.init();
  logger.info('Kioku worker is running (projections and media jobs)');
  exitGracefully(app, logger, config.SHUTDOWN_GRACE_MS, 'the Kioku worker');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
