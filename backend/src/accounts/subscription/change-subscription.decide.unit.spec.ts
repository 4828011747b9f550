import { initialUserState } from '../user.state';
import { decideSubscription } from './change-subscription.decide';

const userId = '0f8b2d0e-3c52-4a0b-8a3e-6f4f1f6d9a21';

describe('decideSubscription', () => {
  it('given an inactive user, when activated, then SubscriptionActivated', () => {
    expect(decideSubscription(initialUserState(userId), 'active', 'checkout', { checkoutSessionId: 'cs_1', stripeEventId: undefined })).toEqual([
      { type: 'SubscriptionActivated', data: { userId, source: 'checkout', checkoutSessionId: 'cs_1' } },
    ]);
  });

  it('given an active user, when activated again, then nothing', () => {
    expect(decideSubscription({ ...initialUserState(userId), subscriptionStatus: 'active' }, 'active', 'stripe_webhook')).toEqual([]);
  });

  it('given an active user, when canceled, then SubscriptionCanceled; when past due, then SubscriptionChanged', () => {
    const active = { ...initialUserState(userId), subscriptionStatus: 'active' as const };
    expect(decideSubscription(active, 'canceled', 'stripe_webhook')[0].type).toBe('SubscriptionCanceled');
    expect(decideSubscription(active, 'past_due', 'stripe_webhook')).toEqual([
      { type: 'SubscriptionChanged', data: { userId, from: 'active', status: 'past_due', source: 'stripe_webhook' } },
    ]);
  });
});
