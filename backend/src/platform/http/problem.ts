import { AppError, ErrorCode, FieldIssue } from '../errors/app-error';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode | 'internal_error';
  errors?: FieldIssue[];
  instance?: string;
}

const titles: Record<string, string> = {
  400: 'Bad request',
  401: 'Sign-in required',
  402: 'Subscription required',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

export function problemOf(error: AppError, requestId?: string): Problem {
  return {
    type: `https://kioku.app/problems/${error.code.replace(/_/g, '-')}`,
    title: titles[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.details.fields ? { errors: error.details.fields } : {}),
    ...(requestId ? { instance: `urn:request:${requestId}` } : {}),
  };
}

export function internalProblem(requestId?: string): Problem {
  return {
    type: 'https://kioku.app/problems/internal-error',
    title: titles[500],
    status: 500,
    detail: 'Something went wrong on our side. Please try again; if it keeps happening, tell us the request id.',
    code: 'internal_error',
    ...(requestId ? { instance: `urn:request:${requestId}` } : {}),
  };
}
