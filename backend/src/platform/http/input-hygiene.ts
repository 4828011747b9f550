import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, FieldIssue } from '../errors/app-error';
import { sendProblem } from './problem.filter';

/**
 * Input hygiene in front of every route (issue 16): a request whose path parameters, query or parsed body
 * (JSON or form) holds a character no text can hold is answered 400 problem+json naming the field, before any
 * guard, pipe or handler runs, so it can never reach PostgreSQL (which refuses U+0000 in text and jsonb and
 * answered 500). Refused: U+0000 (NUL) and lone UTF-16 surrogates (\ud800 sent alone in JSON: not a Unicode
 * character, it would be stored as U+FFFD). Each route's own schema then checks the rest (lengths, ids, enums);
 * PostgreSQL input errors that still slip through are 400 too (problem.filter.ts), logged as warnings.
 *
 * Not scanned: the Stripe webhook's body (signed by Stripe and read by field, a refusal would make Stripe retry
 * a genuine event for days) and multipart parts (read by the upload handler, whose fields have strict schemas).
 */

/** NUL, or a surrogate not part of a pair (with the `u` flag a well-formed pair is one code point and never matches). */
const BAD_CHARACTER = /[\u0000\uD800-\uDFFF]/u;

const BODY_NOT_SCANNED = new Set(['/api/stripe/webhook']);

export function badCharacterIn(value: string): string | null {
  const match = BAD_CHARACTER.exec(value);
  if (!match) return null;
  return match[0] === '\u0000'
    ? 'Contains a NUL character (U+0000), which no field accepts.'
    : `Contains an invalid character (a lone UTF-16 surrogate, \\u${match[0].charCodeAt(0).toString(16)}), which no field accepts.`;
}

/** A key as it can be shown in a field name: bad characters written as \uXXXX, at most 100 characters. */
function printable(key: string): string {
  const shown = key.replace(/[\u0000-\u001f\uD800-\uDFFF]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length > 100 ? `${shown.slice(0, 100)}…` : shown;
}

/** A field path as named in the answer: at most 200 characters (a hostile body can nest thousands of levels). */
function shortened(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * The first string (value or object key) in `value` that holds a bad character, as a field issue. Iterative, so
 * a deeply nested body (JSON.parse allows thousands of levels in 1 MB) cannot overflow the stack.
 */
export function findBadCharacter(value: unknown, root = ''): FieldIssue | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = badCharacterIn(current);
      if (message) return { field: shortened(path) || '(body)', message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const field = path ? `${path}.${printable(key)}` : printable(key);
        const message = badCharacterIn(key);
        if (message) return { field: shortened(field), message: `Its name ${message.charAt(0).toLowerCase()}${message.slice(1)}` };
        stack.push([(current as Record<string, unknown>)[key], field]);
      }
    }
  }
  return null;
}

/** The first bad field of the request: path parameters, then query, then body. */
export function badRequestInput(request: Pick<FastifyRequest, 'params' | 'query' | 'body'> & { url: string; routeOptions?: { url?: string } }): { where: string; issue: FieldIssue } | null {
  const params = findBadCharacter(request.params);
  // The catch-all route's parameter is named '*': the field is then the path itself.
  if (params) return { where: 'path', issue: params.field === '*' ? { ...params, field: '(path)' } : params };
  const query = findBadCharacter(request.query);
  if (query) return { where: 'query', issue: query };
  const route = request.routeOptions?.url ?? request.url.split('?')[0];
  if (request.body !== undefined && !BODY_NOT_SCANNED.has(route)) {
    const body = findBadCharacter(request.body);
    if (body) return { where: 'request body', issue: body };
  }
  return null;
}

export function registerInputHygiene(fastify: FastifyInstance): void {
  const logger = new Logger('http');
  // preValidation: after routing and body parsing, before Nest's guards, pipes and handlers.
  // Callback style (no promise per request): a refused request is answered here and `done` is not called.
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const bad = badRequestInput(request);
    if (!bad) return done();
    const { field, message } = bad.issue;
    sendProblem(reply, request, new AppError('validation_failed', `The ${bad.where} is not valid. ${field}: ${message}`, { fields: [bad.issue] }), logger);
  });
}
