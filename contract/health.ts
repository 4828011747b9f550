// GET /api/health (operators, load balancers, the drills): the same shape with 200 (PostgreSQL answers) and 503.
import * as z from 'zod/mini';

/** One dependency: up, or down with the error it gave. */
export const healthCheckSchema = z.union([z.object({ status: z.literal('up') }), z.object({ status: z.literal('down'), error: z.string() })]);
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthSchema = z.object({
  /** ok: everything up; degraded: PostgreSQL up, something else down (media actions wait); down: no PostgreSQL */
  status: z.enum(['ok', 'degraded', 'down']),
  postgres: healthCheckSchema,
  redis: healthCheckSchema,
  /** the contexts' own reports (media_queue: its prefix held by this deployment, not another's) */
  reports: z.record(z.string(), healthCheckSchema),
  /** lag: events committed and not applied yet (a projection frozen behind an open transaction shows it) */
  projections: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number(), position: z.number() })),
  /**
   * What holds readers of the log back: committed events no projection may take yet, and the oldest transaction of
   * this database still open (its age is how long they have waited at most). Absent while PostgreSQL is down.
   */
  events: z.optional(
    z.object({
      held_back: z.number(),
      oldest_open_transaction: z.nullable(z.object({ pid: z.number(), age_seconds: z.number(), state: z.nullable(z.string()), application_name: z.nullable(z.string()) })),
    }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
