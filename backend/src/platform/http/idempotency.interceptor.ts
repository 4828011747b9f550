import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { Observable, from, lastValueFrom } from 'rxjs';
import { AppError } from '../errors/app-error';
import { PG_POOL } from '../database/database.module';

const IDEMPOTENT = 'kioku:idempotent';

/**
 * Who keeps the key's record:
 * - 'interceptor' (default): this interceptor stores the key before the handler runs and the answer after it
 *   (two extra round trips, any handler);
 * - 'handler': the handler records the key's request hash in its own write (one round trip for the whole
 *   write) and answers a retry from the current state; the interceptor only validates the header and hands
 *   the handler its scope, key and request hash (idempotencyOf). The grade path uses it (docs/decisions.md).
 */
export type IdempotencyRecorder = 'interceptor' | 'handler';

/**
 * Marks a write route that honours the Idempotency-Key header. The interceptor is the route's own, not global:
 * a route without interceptors skips Nest's rxjs chain altogether, and the hot grade route ('handler') needs none
 * (idempotencyOf reads the header itself).
 */
export const Idempotent = (recordedBy: IdempotencyRecorder = 'interceptor') =>
  recordedBy === 'handler' ? SetMetadata(IDEMPOTENT, recordedBy) : applyDecorators(SetMetadata(IDEMPOTENT, recordedBy), UseInterceptors(IdempotencyInterceptor));

/** What a handler that records its own key needs: the key's scope (user, method, route), the key, the body's hash. */
export interface IdempotencyRequest {
  scope: string;
  key: string;
  requestHash: string;
}

const KEY = /^[A-Za-z0-9_\-:.]{8,200}$/;

/**
 * Same Idempotency-Key (per user and route) and same body → the stored answer, nothing recorded twice.
 * Same key with another body → 422. Same key while the first is still running → 409. A failed request
 * forgets its key so the client may retry it. Handlers that append events also derive their event ids
 * from the key, so even a crash between the append and storing the answer cannot record twice.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector, @Inject(PG_POOL) private readonly pool: Pool) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const recordedBy = this.reflector.get<IdempotencyRecorder | undefined>(IDEMPOTENT, context.getHandler());
    if (recordedBy !== 'interceptor') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = keyHeaderOf(request);
    if (header === undefined) return next.handle();
    return from(this.run(context, request, header, next));
  }

  private async run(context: ExecutionContext, request: FastifyRequest, key: string, next: CallHandler): Promise<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const scope = scopeOf(request);
    const hash = requestHashOf(request);
    const inserted = await this.pool.query(
      `insert into idempotency_keys (scope, key, request_hash) values ($1, $2, $3) on conflict do nothing`,
      [scope, key, hash],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await this.pool.query('select request_hash, status_code, response from idempotency_keys where scope = $1 and key = $2', [scope, key]);
      const stored = rows[0];
      if (!stored) return this.run(context, request, key, next);
      if (stored.request_hash !== hash) {
        throw idempotencyMismatch();
      }
      if (stored.status_code === null) {
        throw new AppError('conflict', 'The same request is still being processed. Wait a moment and retry.');
      }
      void reply.status(stored.status_code).header('idempotent-replayed', 'true');
      return stored.response;
    }
    (request as FastifyRequest & { idempotencyKey?: string }).idempotencyKey = key;
    try {
      const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.pool.query('update idempotency_keys set status_code = $3, response = $4 where scope = $1 and key = $2', [
        scope,
        key,
        reply.statusCode || 200,
        JSON.stringify(result ?? null),
      ]);
      return result;
    } catch (error) {
      await this.pool.query('delete from idempotency_keys where scope = $1 and key = $2', [scope, key]).catch(() => undefined);
      throw error;
    }
  }
}

/** 422: the key was used before with another body. */
export function idempotencyMismatch(): AppError {
  return new AppError('idempotency_mismatch', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
}

function scopeOf(request: FastifyRequest): string {
  return idempotencyScope(request.user?.id ?? 'anonymous', request.method, request.routeOptions.url ?? request.url);
}

/**
 * The scope a user's keys of one route are stored under (the route as declared: '/api/read/texts'). A context whose
 * stored answers show what it erases (a kept text) deletes them by it, in the erasing transaction.
 */
export function idempotencyScope(userId: string, method: string, route: string): string {
  return `${userId} ${method} ${route}`;
}

function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');
}

/** The Idempotency-Key header, validated (400 naming it when malformed); undefined when the request has none. */
function keyHeaderOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new AppError('validation_failed', 'The Idempotency-Key header must be 8 to 200 letters, digits or -_:.', {
      fields: [{ field: 'Idempotency-Key', message: 'Invalid format.' }],
    });
  }
  return header;
}

/**
 * The Idempotency-Key of a route marked @Idempotent('handler'), with its scope and request hash, for the handler
 * to record in its own write; undefined without the header, 400 when it is malformed.
 */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | undefined {
  const key = keyHeaderOf(request);
  return key === undefined ? undefined : { scope: scopeOf(request), key, requestHash: requestHashOf(request) };
}

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  return (request as FastifyRequest & { idempotencyKey?: string }).idempotencyKey;
}
