import { NewEvent } from '../../platform/event-store/event-store.types';
import { SubscriptionActivated, SubscriptionCanceled, SubscriptionChanged, SubscriptionStatus, SUBSCRIPTION_SOURCES } from '../user.events';
import { UserState } from '../user.state';

export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];
export interface StripeRefs {
  stripeSubscriptionId?: string;
  stripeCustomerId?: string;
  checkoutSessionId?: string;
  stripeEventId?: string;
}

/**
 * ChangeSubscription: one event when the status really changes, none when it is already there, so a repeated
 * delivery (Stripe retries, a checkout seen by both the webhook and the status poll) changes nothing twice.
 */
export function decideSubscription(state: UserState, target: SubscriptionStatus, source: SubscriptionSource, refs: StripeRefs = {}): NewEvent[] {
  if (state.subscriptionStatus === target) return [];
  const clean = Object.fromEntries(Object.entries(refs).filter(([, v]) => v !== undefined && v !== null)) as StripeRefs;
  if (target === 'active') return [SubscriptionActivated({ userId: state.id, source, ...clean })];
  if (target === 'canceled') return [SubscriptionCanceled({ userId: state.id, source, ...clean })];
  return [SubscriptionChanged({ userId: state.id, from: state.subscriptionStatus, status: target, source, ...clean })];
}
