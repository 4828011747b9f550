import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/platform/config/config';
import { createHttpApp } from '../src/platform/http/http-app';

export interface TestApp {
  app: NestFastifyApplication;
  /** fastify's in-process request injection: no port, real routing, pipes, guards and filters */
  inject: NestFastifyApplication['inject'];
  close: () => Promise<void>;
}

/**
 * The real application against a test database. Pass `databaseUrl` from createIsolatedDatabase() when the
 * test reads the global event log; `runner: true` also starts the projection runner in-process.
 */
export async function startTestApp(options: { databaseUrl?: string; runner?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: options.databaseUrl ?? process.env.DATABASE_URL,
    FRONTEND_DIST: '/nonexistent',
    PROJECTION_POLL_MS: '50',
    ROLE: options.runner ? 'all' : 'api',
    // Injected requests come from 127.0.0.1, as through a local proxy: TestSession's X-Forwarded-For gives each
    // client its own address (per-address throttles) and X-Forwarded-Proto says https. TRUST_PROXY: '' for none.
    TRUST_PROXY: 'loopback',
    ...options.env,
  });
  const app = await createHttpApp(AppModule.forConfig(config), config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, inject: app.inject.bind(app), close: () => app.close() };
}
