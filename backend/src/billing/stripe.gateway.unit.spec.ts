import { loadConfig } from '../platform/config/config';
import { StripeGateway } from './stripe.gateway';

const gateway = (env: Record<string, string>) =>
  new StripeGateway(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x', STRIPE_SECRET_KEY: '', STRIPE_PRICE_ID: '', ...env }));

describe('StripeGateway.paymentsAvailable (the profile\'s payments_available)', () => {
  it('is true only when a checkout can be created: secret key and price both set', () => {
    expect(gateway({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_ID: 'price_1' }).paymentsAvailable).toBe(true);
    expect(gateway({ STRIPE_SECRET_KEY: 'sk_test_1' }).paymentsAvailable).toBe(false);
    expect(gateway({ STRIPE_PRICE_ID: 'price_1' }).paymentsAvailable).toBe(false);
    expect(gateway({}).paymentsAvailable).toBe(false);
  });
});
