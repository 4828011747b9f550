import { SubscriptionStatus, UserState } from '../accounts';
import { decideSubscriptionChange, SubscriberState, SubscriptionChange } from './subscriptions.decide';

const userId = '0f8b2d0e-3c52-4a0b-8a3e-6f4f1f6d9a21';
const user = (subscriptionStatus: SubscriptionStatus, erased = false): UserState => ({
  id: userId,
  isAdmin: false,
  subscriptionStatus,
  settings: {} as UserState['settings'],
  timezone: 'UTC',
  updatesUnread: 0,
  vacation: null,
  erased,
});
const subscriber = (status: SubscriptionStatus, link: Partial<SubscriberState> = {}): SubscriberState => ({
  user: user(status),
  stripeSubscriptionId: null,
  stripeCustomerId: null,
  linkedSubscriptionLive: null,
  ...link,
});
const checkout: SubscriptionChange = { kind: 'checkout_completed', source: 'checkout', checkoutSessionId: 'cs_1', stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1' };
const statusOf = (target: SubscriptionStatus, extra: Partial<Extract<SubscriptionChange, { kind: 'subscription_status' }>> = {}): SubscriptionChange => ({
  kind: 'subscription_status',
  source: 'stripe_webhook',
  stripeSubscriptionId: 'sub_1',
  stripeCustomerId: 'cus_1',
  stripeEventId: 'evt_1',
  target,
  ...extra,
});

describe('decideSubscriptionChange', () => {
  it('given an inactive user, when a checkout completes, then SubscriptionActivated and the checkout\'s subscription and customer are linked', () => {
    expect(decideSubscriptionChange(subscriber('inactive'), checkout)).toEqual({
      events: [{ type: 'SubscriptionActivated', data: { userId, source: 'checkout', checkoutSessionId: 'cs_1', stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1' } }],
      result: { outcome: 'applied', link: { stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1' } },
    });
  });

  it('given an active user, when a checkout without refs completes, then nothing happens and the known refs stay', () => {
    const state = subscriber('active', { stripeSubscriptionId: 'sub_0', stripeCustomerId: 'cus_0' });
    expect(decideSubscriptionChange(state, { kind: 'checkout_completed', source: 'checkout', checkoutSessionId: 'cs_2' })).toEqual({
      events: [],
      result: { outcome: 'unchanged', link: { stripeSubscriptionId: 'sub_0', stripeCustomerId: 'cus_0' } },
    });
  });

  it('given an erased user, when anything arrives, then it is ignored and nothing is linked', () => {
    const erased = { ...subscriber('active'), user: user('active', true) };
    for (const change of [checkout, statusOf('canceled'), { kind: 'canceled_for_erasure', stripeSubscriptionId: 'sub_1' } as const]) {
      expect(decideSubscriptionChange(erased, change)).toEqual({ events: [], result: { outcome: 'ignored', link: null } });
    }
  });

  it('given an active user, when their subscription goes past due, then SubscriptionChanged; the customer already known is kept', () => {
    const state = subscriber('active', { stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_0', linkedSubscriptionLive: true });
    expect(decideSubscriptionChange(state, statusOf('past_due'))).toEqual({
      events: [{ type: 'SubscriptionChanged', data: { userId, from: 'active', status: 'past_due', source: 'stripe_webhook', stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1', stripeEventId: 'evt_1' } }],
      result: { outcome: 'applied', link: { stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_0' } },
    });
  });

  it('given a user linked to another live subscription, when this one ends, then it is ignored; when this one is active, it takes over', () => {
    const state = subscriber('active', { stripeSubscriptionId: 'sub_other', linkedSubscriptionLive: true });
    expect(decideSubscriptionChange(state, statusOf('canceled')).result).toEqual({ outcome: 'ignored', link: null });
    expect(decideSubscriptionChange(state, statusOf('active')).result).toEqual({ outcome: 'unchanged', link: { stripeSubscriptionId: 'sub_1', stripeCustomerId: 'cus_1' } });
    // the other one has ended: this one decides
    const ended = subscriber('active', { stripeSubscriptionId: 'sub_other', linkedSubscriptionLive: false });
    expect(decideSubscriptionChange(ended, statusOf('canceled')).events.map((e) => e.type)).toEqual(['SubscriptionCanceled']);
  });

  it('given a canceled user, when a payment fails (only when active), then it is ignored', () => {
    expect(decideSubscriptionChange(subscriber('canceled'), statusOf('past_due', { onlyWhenActive: true })).result.outcome).toBe('ignored');
    expect(decideSubscriptionChange(subscriber('active'), statusOf('past_due', { onlyWhenActive: true })).result.outcome).toBe('applied');
  });

  it('given an active user, when the account is erased, then SubscriptionCanceled from the erasure, with no link change', () => {
    expect(decideSubscriptionChange(subscriber('active'), { kind: 'canceled_for_erasure', stripeSubscriptionId: 'sub_1' })).toEqual({
      events: [{ type: 'SubscriptionCanceled', data: { userId, source: 'account_erasure', stripeSubscriptionId: 'sub_1' } }],
      result: { outcome: 'applied', link: null },
    });
  });
});
