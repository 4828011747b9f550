import { queryOptions } from '@tanstack/react-query';
import { subscriptionStatusAnswerSchema } from '../../../../contract/billing';
import { api, ApiError, NetworkError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const CHECKOUT_POLL_MS = 2000;
/** About a minute of polling (30 × 2 s) before telling the person to check back later. */
export const CHECKOUT_MAX_POLLS = 30;
/** Failed checks (server errors, no connection) tried before giving up with a message. */
export const CHECKOUT_MAX_ERRORS = 3;

const FINAL = new Set(['complete', 'expired']);

/**
 * Whether a failed status check may succeed when asked again: no connection, rate limiting and server errors
 * may pass; a refusal (unknown session, signed out, payments not configured) will not.
 */
export function mayPassLater(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'not_configured') return false;
  return error.status >= 500 || error.status === 429;
}

/** The checkout cannot be checked: stop polling (a refusal at once, passing failures after a few tries). */
export function checkGivenUp(state: { error: unknown; errorUpdateCount: number }): boolean {
  return state.error != null && (!mayPassLater(state.error) || state.errorUpdateCount >= CHECKOUT_MAX_ERRORS);
}

export const billingQueries = {
  checkoutStatus: (sessionId: string) =>
    queryOptions({
      queryKey: [...queryKeys.billing, 'checkout', sessionId] as const,
      queryFn: ({ signal }) => api.get('/api/users/subscription_status', subscriptionStatusAnswerSchema, { checkout_session_id: sessionId }, signal),
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: (query) => {
        const { data, dataUpdateCount, errorUpdateCount } = query.state;
        if (data?.status && FINAL.has(data.status)) return false;
        if (checkGivenUp(query.state)) return false;
        return dataUpdateCount + errorUpdateCount >= CHECKOUT_MAX_POLLS ? false : CHECKOUT_POLL_MS;
      },
    }),
};
