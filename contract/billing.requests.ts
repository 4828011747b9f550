// The billing calls' requests (issue 18). Checkout and the portal take no fields (a form post sends its CSRF
// token only); Stripe's webhook is checked by its signature over the raw body, not by a schema.
import * as z from 'zod/mini';

/** GET /api/users/subscription_status[?checkout_session_id=cs_…] */
export const subscriptionStatusQuerySchema = z.object({ checkout_session_id: z.optional(z.string().check(z.minLength(1), z.maxLength(255))) });
