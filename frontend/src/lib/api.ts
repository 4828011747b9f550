// The one door to the server: fetch with the session cookie and CSRF header, every answer parsed with zod.
import * as z from 'zod/mini';
import { csrfAnswerSchema } from '../../../contract/accounts';
import { problemSchema, type Problem } from '../../../contract/problem';

// The error channel's shape is the API contract's (contract/problem.ts).
export { problemSchema, type Problem } from '../../../contract/problem';

/** The server answered with an error status; `message` is the problem's `detail`, written for people. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problem: Problem = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get code(): string | undefined {
    return this.problem.code;
  }
  fieldError(field: string): string | undefined {
    return this.problem.errors?.find((e) => e.field === field)?.message;
  }
}

/** The request never got an answer (offline, DNS, connection reset). Safe to retry idempotent calls. */
export class NetworkError extends Error {
  constructor(readonly cause?: unknown) {
    super('Could not reach the server. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

/** The answer did not have the agreed shape. */
export class ResponseShapeError extends Error {
  constructor(readonly path: string, readonly issues: unknown) {
    super('The server sent an answer this page does not understand. Please reload.');
    this.name = 'ResponseShapeError';
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof ResponseShapeError) return error.message;
  return 'Something went wrong. Please try again.';
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

const CSRF_COOKIE = 'XSRF-TOKEN';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let csrfPending: Promise<string> | null = null;

/** The double-submit token: the XSRF-TOKEN cookie, fetched once from /api/auth/csrf when missing. */
export async function csrfToken(refresh = false): Promise<string> {
  const cookie = refresh ? null : readCookie(CSRF_COOKIE);
  if (cookie) return cookie;
  csrfPending ??= request('/api/auth/csrf', csrfAnswerSchema)
    .then((body) => readCookie(CSRF_COOKIE) ?? body.token)
    .finally(() => {
      csrfPending = null;
    });
  return csrfPending;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export async function request<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions = {}, csrfRetried = false): Promise<z.output<S>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-XSRF-TOKEN'] = await csrfToken();
  const url = withQuery(path, options.query);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const parsed = problemSchema.safeParse(data);
    const problem = parsed.success ? parsed.data : {};
    // A rotated or missing CSRF token (e.g. right after sign-in) is refreshed once, transparently.
    if (response.status === 403 && !csrfRetried && /csrf/i.test(problem.code ?? '') && method !== 'GET') {
      await csrfToken(true);
      return request(path, schema, options, true);
    }
    throw new ApiError(response.status, problem.detail ?? problem.title ?? `The request failed (${response.status}).`, problem);
  }

  const result = schema.safeParse(data);
  if (!result.success) {
    console.error(`Unexpected response shape from ${method} ${path}`, result.error.issues);
    throw new ResponseShapeError(path, result.error.issues);
  }
  return result.data;
}

/**
 * GET of a path index.html preloads (<link rel="preload" as="fetch" crossorigin="use-credentials">): the browser
 * hands the preloaded answer only to a fetch of the same mode and credentials and no headers of its own, so this is
 * that fetch; the answer is read as request() reads it.
 */
export async function preloadedGet<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const parsed = problemSchema.safeParse(data);
    const problem = parsed.success ? parsed.data : {};
    throw new ApiError(response.status, problem.detail ?? problem.title ?? `The request failed (${response.status}).`, problem);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    console.error(`Unexpected response shape from GET ${path}`, result.error.issues);
    throw new ResponseShapeError(path, result.error.issues);
  }
  return result.data;
}

/** For 202/204 answers whose body we ignore. */
export const noContent = z.unknown();

export const api = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, query?: RequestOptions['query'], signal?: AbortSignal) =>
    request(path, schema, { query, signal }),
  post: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S, headers?: Record<string, string>) =>
    request(path, schema, { method: 'POST', body, headers }),
  patch: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S) => request(path, schema, { method: 'PATCH', body }),
  delete: <S extends z.ZodMiniType>(path: string, body: unknown, schema: S, headers?: Record<string, string>) =>
    request(path, schema, { method: 'DELETE', body, headers }),
};
