import 'reflect-metadata';
import { availableParallelism } from 'node:os';
import { AppModule } from './app.module';
import { loadConfig, mediaNeedsOwnProcess } from './platform/config/config';
import { loadBundledContent } from './content';
import { ensureDatabase, migrate } from './platform/database/migrations';
import { createHttpApp } from './platform/http/http-app';
import { createLogger } from './platform/logger';
import { mediaProcessEnv, startMediaProcess } from './platform/media-process';
import { exitGracefully } from './platform/shutdown';

/**
 * `npm start`: prepares the database, then serves the API and the built frontend and (with ROLE=all, the default)
 * runs the projection runners and the media worker: in this same process, or, on a machine with 2 cores or fewer
 * (MEDIA_PROCESS=auto), the media work in a niced child process of its own (issue 34, item 2).
 */
async function main(): Promise<void> {
  const settings = loadConfig();
  const cores = availableParallelism();
  const ownMediaProcess = mediaNeedsOwnProcess(settings, cores);
  const config = ownMediaProcess ? loadConfig({ ...process.env, MEDIA_PROCESS: 'own' }) : settings;
  const logger = createLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  await ensureDatabase(config.DATABASE_URL);
  await migrate(config.DATABASE_URL, (line) => logger.info(line));
  await loadBundledContent(config.DATABASE_URL, (line) => logger.info(line));
  const app = await createHttpApp(AppModule.forConfig(config), config, logger);
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`Kioku is running on ${config.PUBLIC_URL} (role ${config.ROLE})`);
  const media = ownMediaProcess ? startMediaProcess(logger, mediaProcessEnv(process.env, cores)) : undefined;
  const everything = { close: () => Promise.all([app.close(), media?.stop(config.SHUTDOWN_GRACE_MS)]) };
  exitGracefully(everything, logger, config.SHUTDOWN_GRACE_MS);
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
