// The billing calls (issue 18): the subscription's checkout, the customer portal, the status page poll and
// Stripe's webhook, their answers. Checkout and portal answer `{url}` to the app's fetch and a 303 to a plain
// form or link. The requests are in billing.requests.ts.
import * as z from 'zod/mini';
import { subscriptionStatusSchema } from './accounts';

/**
 * GET /api/users/subscription_status: `status` is the Checkout Session's (open | complete | expired; null
 * without a session id), `subscription_status` the account's. 'complete' makes the page fetch the profile again.
 */
export const subscriptionStatusAnswerSchema = z.object({
  status: z.nullish(z.string()),
  subscription_status: z.optional(subscriptionStatusSchema),
});
export type SubscriptionStatusAnswer = z.infer<typeof subscriptionStatusAnswerSchema>;

/** POST /checkout and /billing/portal asked with fetch (Accept: application/json): where to send the browser. */
export const redirectUrlAnswerSchema = z.object({ url: z.string() });

/** POST /api/stripe/webhook: the delivery is received; what it changed (a repeated event id changes nothing). */
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'unchanged', 'duplicate', 'stale', 'ignored']),
});
