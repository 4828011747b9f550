// The one error channel: use cases throw an AppError with a stable code; the HTTP layer maps it once to
// application/problem+json (http/problem.filter.ts). Messages are written for the person who will read them.
export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'csrf_failed'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'concurrency_conflict'
  | 'idempotency_mismatch'
  | 'payload_too_large'
  | 'rate_limited'
  | 'not_configured'
  | 'unavailable';

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  csrf_failed: 403,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  concurrency_conflict: 409,
  idempotency_mismatch: 422,
  payload_too_large: 413,
  rate_limited: 429,
  not_configured: 503,
  unavailable: 503,
};

export interface FieldIssue {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldIssue[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusByCode[code];
  }
}

/** The expected version of a stream did not match: somebody else changed it first. */
export class ConcurrencyError extends AppError {
  constructor(message = 'This item was changed elsewhere in the meantime. Reload it and try again.') {
    super('concurrency_conflict', message);
    this.name = 'ConcurrencyError';
  }
}
