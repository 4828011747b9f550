// Test helpers (not used by the app): a database of its own with the content fixtures, the app, an admin and a
// learner, for the admin context's integration tests.
import { join } from 'node:path';
import { startTestApp, TestApp } from '../../../test/http-app';
import { createIsolatedDatabase } from '../../../test/test-db';
import { grantAdmin } from '../../accounts';
import { signUpTestUser, TestUser } from '../../accounts/testing/test-session';
import { loadContent } from '../../content';
import { EventStore } from '../../platform/event-store/event-store';

// The admin specs import their poll-until from here; it is the shared one.
export { eventually } from '../../../test/support/eventually';

export const CONTENT_FIXTURES = join(__dirname, '..', '..', 'content', 'load', 'fixtures');

export interface AdminTestContext {
  db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  app: TestApp;
  admin: TestUser;
  learner: TestUser;
  close: () => Promise<void>;
}

export async function startAdminTestApp(
  options: { runner?: boolean; env?: Record<string, string>; beforeStart?: (db: Awaited<ReturnType<typeof createIsolatedDatabase>>) => Promise<void> } = {},
): Promise<AdminTestContext> {
  const db = await createIsolatedDatabase();
  await loadContent(db.pool, new EventStore(db.pool), { dir: CONTENT_FIXTURES, requireAll: true });
  await options.beforeStart?.(db);
  const app = await startTestApp({ databaseUrl: db.url, runner: options.runner, env: options.env });
  const admin = await signUpTestUser(app.inject, { name: 'Ada Admin' });
  await grantAdmin(db.pool, admin.email);
  const learner = await signUpTestUser(app.inject);
  return {
    db,
    app,
    admin,
    learner,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** A multipart/form-data body for fastify inject. */
export function multipartBody(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }): { payload: Buffer; contentType: string } {
  const boundary = `----kioku${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a multipart form as the session's user (cookies and CSRF header like the frontend's upload). */
export async function postMultipart(app: TestApp, user: TestUser, url: string, form: { payload: Buffer; contentType: string }, headers: Record<string, string> = {}) {
  const token = await user.session.csrfToken();
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { 'content-type': form.contentType, 'x-xsrf-token': token, 'x-forwarded-for': user.session.ip, ...headers },
    cookies: Object.fromEntries(user.session.cookies),
  });
}
