// Test helper (not used by the app): a cookie-keeping client over fastify inject that plays by the CSRF
// contract like the real frontend does. Other contexts' integration tests can use it to get signed-in users.
import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

type Inject = NestFastifyApplication['inject'];
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type InjectResponse = Awaited<ReturnType<Extract<Inject, (opts: any) => any>>>;

export interface RequestOptions {
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** false: send no X-XSRF-TOKEN header (to test the CSRF refusal) */
  csrf?: boolean;
}

export class TestSession {
  readonly cookies = new Map<string, string>();
  /** a distinct client address per session, so per-IP throttling of one test never hits another */
  readonly ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

  constructor(private readonly inject: Inject) {}

  async csrfToken(): Promise<string> {
    const existing = this.cookies.get('XSRF-TOKEN');
    if (existing) return existing;
    const res = await this.send('GET', '/api/auth/csrf');
    return (res.json() as { token: string }).token;
  }

  async send(method: Method, url: string, options: RequestOptions = {}): Promise<InjectResponse> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    if (method !== 'GET' && options.csrf !== false && !options.form) headers['x-xsrf-token'] = await this.csrfToken();
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    const res = (await (this.inject as any)({
      method,
      url,
      headers,
      payload,
      cookies: Object.fromEntries(this.cookies),
    })) as InjectResponse;
    for (const cookie of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const gone = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0;
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  get(url: string, options?: RequestOptions) {
    return this.send('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.send('POST', url, { ...options, body });
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.send('PATCH', url, { ...options, body });
  }
  delete(url: string, body?: unknown, options?: RequestOptions) {
    return this.send('DELETE', url, { ...options, body });
  }
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  session: TestSession;
}

/** Signs up a new user with a unique email and name; the returned session is signed in. */
export async function signUpTestUser(inject: Inject, overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {}): Promise<TestUser> {
  const tag = randomUUID().slice(0, 8);
  const name = overrides.name ?? `Tester ${tag}`;
  const email = overrides.email ?? `tester-${tag}@example.test`;
  const password = overrides.password ?? `correct horse ${tag}`;
  const session = new TestSession(inject);
  const res = await session.post('/api/auth/sign_up', { name, email, password });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, name, email, password, session };
}
