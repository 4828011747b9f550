import 'reflect-metadata';
import { AppModule } from './app.module';
import { loadConfig } from './platform/config/config';
import { loadBundledContent } from './content';
import { ensureDatabase, migrate } from './platform/database/migrations';
import { createHttpApp } from './platform/http/http-app';
import { createLogger } from './platform/logger';
import { exitGracefully } from './platform/shutdown';

/**
 * `npm start`: prepares the database, then serves the API and the built frontend and (with ROLE=all,
 * the default) runs the projection runner and the media worker in this same process.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  await ensureDatabase(config.DATABASE_URL);
  await migrate(config.DATABASE_URL, (line) => logger.info(line));
  await loadBundledContent(config.DATABASE_URL, (line) => logger.info(line));
  const app = await createHttpApp(AppModule.forConfig(config), config, logger);
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`Kioku is running on ${config.PUBLIC_URL} (role ${config.ROLE})`);
  exitGracefully(app, logger, config.SHUTDOWN_GRACE_MS);
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED/.test(message)) {
    console.error(`Kioku could not reach PostgreSQL (${process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku'}). Is it running?`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
