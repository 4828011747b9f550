import { decideSubscription, SubscriptionSource, SubscriptionStatus, UserState } from '../accounts';
import { NewEvent } from '../platform/event-store/event-store.types';

/** A user as billing decides on them: the user aggregate's state and the Stripe subscription it is linked to. */
export interface SubscriberState {
  user: UserState;
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  /** whether the linked Stripe subscription is still live (not terminal); null when we have no row for it */
  linkedSubscriptionLive: boolean | null;
}

/** What Stripe (or the account's erasure) says about one user's subscription, once billing's ledger has let it through. */
export type SubscriptionChange =
  | {
      /** a completed, paid checkout session */
      kind: 'checkout_completed';
      source: SubscriptionSource;
      checkoutSessionId: string;
      stripeSubscriptionId?: string;
      stripeCustomerId?: string;
      stripeEventId?: string;
    }
  | {
      /** a Stripe subscription's new status (customer.subscription.*, invoice.payment_failed) */
      kind: 'subscription_status';
      source: SubscriptionSource;
      stripeSubscriptionId: string;
      stripeCustomerId?: string;
      target: SubscriptionStatus;
      /** only moves a subscriber who is active now (a failed payment does not wake a canceled one) */
      onlyWhenActive?: boolean;
      stripeEventId?: string;
    }
  | {
      /** the account is being erased: its Stripe subscription was canceled at Stripe */
      kind: 'canceled_for_erasure';
      stripeSubscriptionId: string;
    };

export interface SubscriptionDecision {
  outcome: 'applied' | 'unchanged' | 'ignored';
  /** the user's Stripe references afterwards; null = leave them as they are */
  link: { stripeSubscriptionId: string | null; stripeCustomerId: string | null } | null;
}

const ignored = { events: [] as NewEvent[], result: { outcome: 'ignored', link: null } as SubscriptionDecision };

/**
 * ChangeSubscription from Stripe's side. A checkout links its subscription and customer and activates; a
 * subscription's status moves the user unless another live subscription of theirs decides it (only a new
 * active one takes over); an erased user is left alone. Repeats change nothing (decideSubscription).
 */
export function decideSubscriptionChange(state: SubscriberState, change: SubscriptionChange): { events: NewEvent[]; result: SubscriptionDecision } {
  const { user } = state;
  if (user.erased) return ignored;
  let events: NewEvent[];
  let link: SubscriptionDecision['link'] = null;
  switch (change.kind) {
    case 'checkout_completed':
      link = {
        stripeSubscriptionId: change.stripeSubscriptionId ?? state.stripeSubscriptionId,
        stripeCustomerId: change.stripeCustomerId ?? state.stripeCustomerId,
      };
      events = decideSubscription(user, 'active', change.source, {
        checkoutSessionId: change.checkoutSessionId,
        stripeSubscriptionId: change.stripeSubscriptionId,
        stripeCustomerId: change.stripeCustomerId,
        stripeEventId: change.stripeEventId,
      });
      break;
    case 'subscription_status': {
      if (change.onlyWhenActive && user.subscriptionStatus !== 'active') return ignored;
      const anotherLive = state.stripeSubscriptionId !== null && state.stripeSubscriptionId !== change.stripeSubscriptionId && state.linkedSubscriptionLive === true;
      if (anotherLive && change.target !== 'active') return ignored;
      link = { stripeSubscriptionId: change.stripeSubscriptionId, stripeCustomerId: state.stripeCustomerId ?? change.stripeCustomerId ?? null };
      events = decideSubscription(user, change.target, change.source, {
        stripeSubscriptionId: change.stripeSubscriptionId,
        stripeCustomerId: change.stripeCustomerId,
        stripeEventId: change.stripeEventId,
      });
      break;
    }
    case 'canceled_for_erasure':
      events = decideSubscription(user, 'canceled', 'account_erasure', { stripeSubscriptionId: change.stripeSubscriptionId });
      break;
  }
  return { events, result: { outcome: events.length ? 'applied' : 'unchanged', link } };
}
