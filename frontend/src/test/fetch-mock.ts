// A fake network for component tests: routes keyed by "METHOD /path" (optionally with the query string).
export interface MockRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

export type MockRoute = MockReply | Error | ((request: MockRequest) => MockReply | Error | Promise<MockReply | Error>);

export function problem(status: number, detail: string, code = 'error', extra: Record<string, unknown> = {}): MockReply {
  return { status, body: { type: `https://kioku.app/problems/${code}`, title: 'Error', status, detail, code, ...extra } };
}

function fakeResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' }),
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

export function mockFetch(initial: Record<string, MockRoute> = {}) {
  const routes: Record<string, MockRoute> = { ...initial };
  const calls: MockRequest[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...((init.headers as Record<string, string>) ?? {}) };
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: MockRequest = { url, method, headers, body };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route) return fakeResponse(404, problem(404, `No mock for ${method} ${url.pathname}${url.search}`).body);
    const reply = typeof route === 'function' ? await route(request) : route;
    if (reply instanceof Error) throw reply;
    return fakeResponse(reply.status ?? 200, reply.body);
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return {
    fn,
    calls,
    routes,
    /** Requests made to `METHOD /path` (query string ignored). */
    requests: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}
