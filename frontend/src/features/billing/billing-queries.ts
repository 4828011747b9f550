import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const subscriptionStatusSchema = z.object({ status: z.nullish(z.string()) });

export const CHECKOUT_POLL_MS = 2000;
/** About a minute of polling (30 × 2 s) before telling the person to check back later. */
export const CHECKOUT_MAX_POLLS = 30;

const FINAL = new Set(['complete', 'expired']);

export const billingQueries = {
  checkoutStatus: (sessionId: string) =>
    queryOptions({
      queryKey: [...queryKeys.billing, 'checkout', sessionId] as const,
      queryFn: ({ signal }) => api.get('/api/users/subscription_status', subscriptionStatusSchema, { checkout_session_id: sessionId }, signal),
      staleTime: 0,
      retry: false,
      refetchInterval: (query) => {
        const { data, dataUpdateCount, errorUpdateCount } = query.state;
        if (data?.status && FINAL.has(data.status)) return false;
        return dataUpdateCount + errorUpdateCount >= CHECKOUT_MAX_POLLS ? false : CHECKOUT_POLL_MS;
      },
    }),
};
