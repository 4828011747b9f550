import { PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { AppError, FieldIssue } from '../errors/app-error';

export function zodIssues(error: z.core.$ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...issue.path, key].join('.'), message: `Unknown field "${key}".` }));
    }
    const field = issue.path.join('.') || '(body)';
    return [{ field, message: humanMessage(issue) }];
  });
}

function humanMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input;
    if (received === undefined) return 'This field is required.';
    return `Expected ${issue.expected}, got ${received === null ? 'null' : typeof received}.`;
  }
  return issue.message;
}

// Schemas may be zod's or zod/mini's (the API contract, contract/, is written with zod/mini): both are zod core types.
export function parseOrThrow<T>(schema: z.core.$ZodType<T>, value: unknown, what = 'request'): T {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const fields = zodIssues(parsed.error);
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join(' ');
  throw new AppError('validation_failed', `The ${what} is not valid. ${summary}`, { fields });
}

/** `@Body(new ZodPipe(schema))`: validates and strips nothing silently (use strict objects to reject unknown fields). */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  // `schema` is public: the OpenAPI document (openapi.ts) is generated from the pipes on each route.
  constructor(readonly schema: z.core.$ZodType<T>, private readonly what = 'request') {}
  transform(value: unknown): T {
    return parseOrThrow(this.schema, value, this.what);
  }
}
