// The one error channel (issue 18): every 4xx/5xx answer is an RFC 9457 problem (application/problem+json).
// `detail` is written for people; `code` is for programs; `errors` names each field a request got wrong.
import * as z from 'zod/mini';

export const problemSchema = z.object({
  type: z.optional(z.string()),
  title: z.optional(z.string()),
  status: z.optional(z.number()),
  detail: z.optional(z.string()),
  code: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;
