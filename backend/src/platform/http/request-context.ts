import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EventMetadata } from '../event-store/event-store.types';

export interface SessionUser {
  id: string;
  isAdmin: boolean;
  subscriptionActive: boolean;
  sessionId: string;
  /** the user's IANA time zone as stored (read with the session, so per-day reads need no extra round trip) */
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/** The metadata every event recorded for this request carries: who, and which request caused it. */
export function metadataOf(request: FastifyRequest, extra: Partial<EventMetadata> = {}): EventMetadata {
  const correlation = request.headers['x-correlation-id'];
  return {
    actorId: request.user?.id ?? null,
    requestId: request.id,
    correlationId: typeof correlation === 'string' && correlation ? correlation.slice(0, 100) : request.id,
    ...extra,
  };
}

export const Meta = createParamDecorator((_: unknown, ctx: ExecutionContext) => metadataOf(ctx.switchToHttp().getRequest<FastifyRequest>()));
