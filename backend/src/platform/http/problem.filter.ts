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
  // The database is unreachable (restart, network): say so instead of a generic 500.
  if (pg && (pg.code === 'ECONNREFUSED' || pg.code === '57P01' || pg.code === '57P03' || pg.code === '08006' || pg.code === '08001')) {
    return new AppError('unavailable', 'The database is not reachable right now. Please try again in a moment.');
  }
  return null;
}

export function sendProblem(reply: FastifyReply, request: FastifyRequest | undefined, error: unknown, logger: Logger): void {
  const appError = toProblemError(error);
  const requestId = request?.id;
  if (!appError) logger.error({ err: error, requestId }, (error as Error)?.stack ?? String(error));
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
