// Issue 28 item 1: X-Forwarded-For and X-Forwarded-Proto are believed only from the proxies TRUST_PROXY names. Before,
// every sender was trusted, so a client could rotate X-Forwarded-For past the per-address sign-in throttle, or claim
// https. The client address here is the socket's (fastify inject's remoteAddress), the headers are what anyone can send.
import { randomUUID } from 'node:crypto';
import { startTestApp, TestApp } from '../../../test/http-app';

/** per-address limit of these apps, lowered from 50 so the 60 attempts below cost few password checks */
const PER_ADDRESS = 10;

/** the CSRF double-submit pair, as any client can make it for itself */
const CSRF = 'A'.repeat(43);

function failedSignIn(app: TestApp, socket: string, forwardedFor: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign_in',
    remoteAddress: socket,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'x-xsrf-token': CSRF },
    cookies: { 'XSRF-TOKEN': CSRF },
    payload: JSON.stringify({ email: `spray-${randomUUID()}@example.test`, password: 'a guess' }),
  });
}

function csrfOverForwardedHttps(app: TestApp, socket: string) {
  return app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: socket, headers: { 'x-forwarded-proto': 'https' } });
}

const secureCookie = (res: { headers: Record<string, unknown> }) => /;\s*Secure/i.test(String(res.headers['set-cookie']));
/** a socket address of its own per run of this file, so its per-address count starts at zero */
const someAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

describe('TRUST_PROXY unset: no sender is a proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '', SIGN_IN_MAX_FAILURES_PER_IP: String(PER_ADDRESS) } });
  });
  afterAll(() => app.close());

  it('throttles 60 failed sign-ins from one socket per address, whatever X-Forwarded-For each one claims', async () => {
    const socket = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await failedSignIn(app, socket, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS).every((s) => s === 429)).toBe(true);
  });

  it('ignores X-Forwarded-Proto: no Secure cookie and no HSTS over plain http', async () => {
    const res = await csrfOverForwardedHttps(app, someAddress());
    expect(secureCookie(res)).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY=127.0.0.1: the local proxy says who the client is', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1', SIGN_IN_MAX_FAILURES_PER_IP: String(PER_ADDRESS) } });
  });
  afterAll(() => app.close());

  it('throttles by the forwarded address: one client is stopped, the next one through the same proxy is not', async () => {
    const client = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) statuses.push((await failedSignIn(app, '127.0.0.1', client)).statusCode);
    expect(statuses).toEqual([...Array(PER_ADDRESS).fill(401), 429]);
    // Another client behind the same proxy is not that client.
    expect((await failedSignIn(app, '127.0.0.1', someAddress())).statusCode).toBe(401);
    // A sender that is not the proxy cannot borrow the blocked client's address (nor escape its own).
    expect((await failedSignIn(app, someAddress(), client)).statusCode).toBe(401);
  });

  it('believes X-Forwarded-Proto from the proxy only', async () => {
    const viaProxy = await csrfOverForwardedHttps(app, '127.0.0.1');
    expect(secureCookie(viaProxy)).toBe(true);
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const direct = await csrfOverForwardedHttps(app, someAddress());
    expect(secureCookie(direct)).toBe(false);
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
