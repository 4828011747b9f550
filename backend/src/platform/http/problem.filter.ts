import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../errors/app-error';
import { internalProblem, problemOf } from './problem';

/** Maps any thrown error to application/problem+json. Unexpected errors are logged and answered 500. */
export function toProblemError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code: ErrorCode =
      status === 404 ? 'not_found' : status === 401 ? 'unauthenticated' : status === 403 ? 'forbidden' : status === 413 ? 'payload_too_large' : status === 429 ? 'rate_limited' : 'validation_failed';
    const message = status === 404 ? 'There is nothing at this address.' : error.message;
    return status < 500 ? new AppError(code, message) : null;
  }
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    // Errors raised by fastify itself before our handlers run (body parsing, size limits, content type).
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(e.message ?? '')) {
      return new AppError('validation_failed', 'The request body is not valid JSON.', { fields: [{ field: '(body)', message: 'Malformed JSON.' }] });
    }
    if (e.statusCode === 413) return new AppError('payload_too_large', 'The request is too large.');
    if (e.statusCode === 415) return new AppError('validation_failed', `Unsupported content type. Send application/json.`);
    return new AppError('validation_failed', e.message ?? 'Bad request.');
  }
  const pg = error as { code?: string };
  // The database is unreachable (restart, network; ECONNRESET/EPIPE: its connection went while a query was on it):
  // say so instead of a generic 500. PgBouncer answers 08P01 for
  // its own such errors (server login failing while PostgreSQL restarts, a server connection lost, a client that
  // waited past query_wait_timeout).
  if (pg && (pg.code === 'ECONNREFUSED' || pg.code === 'ECONNRESET' || pg.code === 'EPIPE' || pg.code === '57P01' || pg.code === '57P03' || pg.code === '08006' || pg.code === '08001' || pg.code === '08P01')) {
    return new AppError('unavailable', 'The database is not reachable right now. Please try again in a moment.', { retryAfterSeconds: 5 });
  }
  // The database is busy: no connection came free in DATABASE_ACQUIRE_TIMEOUT_MS (a burst), a statement ran past
  // DATABASE_STATEMENT_TIMEOUT_MS or waited for a lock a rebuild holds (57014), a deadlock was broken (40P01), a
  // transaction idled past its timeout (25P03, the session then ends). Nothing was done: the client may retry.
  if (busyDatabase(error)) {
    return new AppError('unavailable', 'Kioku is very busy right now. Please try again in a moment.', { retryAfterSeconds: 2 });
  }
  if (postgresInputError(error)) {
    return new AppError('validation_failed', 'A value in this request is not valid: it holds a character or a number that cannot be stored. Check the text and numbers you sent.');
  }
  return null;
}

const BUSY_SQLSTATES = new Set(['57014', '40P01', '25P03', '55P03']);

function busyDatabase(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && BUSY_SQLSTATES.has(e.code)) return true;
  // node-postgres' own errors carry no code: the pool's acquire timeout, and a session the server ended.
  const message = typeof e.message === 'string' ? e.message : '';
  return message === 'timeout exceeded when trying to connect' || message.startsWith('Connection terminated');
}

/**
 * PostgreSQL's data exceptions caused by a value the request carried (SQLSTATE class 22): a NUL or an invalid
 * byte sequence (22021), a \u0000 in jsonb (22P05), text that is not a uuid, number or date (22P02, 22007,
 * 22008), a number out of range (22003), a string too long for its column (22001), a bad LIKE escape (22025,
 * 22019) or regular expression (2201B). The last line of defence behind the input hygiene hook and the routes'
 * schemas: the request is answered 400, never 500, and logged as a warning (a schema should have caught it),
 * not as an error. Division by zero and other class-22 codes stay 500: those are our bugs, not bad input.
 */
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05', '22P02', '22007', '22008', '22003', '22001', '22025', '22019', '2201B']);

export function postgresInputError(error: unknown): { code: string; message: string } | null {
  // pg's DatabaseError (or an error that wraps one as its cause, a few levels deep).
  let current = error as { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if (typeof current.code === 'string' && typeof current.severity === 'string' && POSTGRES_INPUT_ERRORS.has(current.code)) {
      return { code: current.code, message: String(current.message ?? '') };
    }
    current = current.cause as typeof current;
  }
  return null;
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest | undefined, error: unknown, logger: Logger): void {
  const appError = toProblemError(error);
  const requestId = request?.id;
  if (!appError) logger.error({ err: error, requestId }, (error as Error)?.stack ?? String(error));
  else if (appError.code === 'validation_failed') {
    const pg = postgresInputError(error);
    if (pg) {
      const msg = `PostgreSQL refused a request value that no schema checked (${pg.code}: ${pg.message.slice(0, 200)}); answered 400`;
      logger.warn({ msg, requestId, sqlstate: pg.code, route: request?.routeOptions?.url });
    }
  }
  const problem = appError ? problemOf(appError, requestId) : internalProblem(requestId);
  if (appError?.details.retryAfterSeconds) reply.header('retry-after', String(appError.details.retryAfterSeconds));
  void reply.status(problem.status).type('application/problem+json').send(problem);
}

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');
  catch(error: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    sendProblem(ctx.getResponse<FastifyReply>(), ctx.getRequest<FastifyRequest>(), error, this.logger);
  }
}
