import type { PoolClient } from 'pg';

/** A pool or a checked-out client: what a query runs on, inside a caller's transaction or not. */
export type Queryable = Pick<PoolClient, 'query'>;
