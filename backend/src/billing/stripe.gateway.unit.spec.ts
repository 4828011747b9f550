import Stripe from 'stripe';
import { fixedClock } from '../platform/clock';
import { loadConfig } from '../platform/config/config';
import { AppError } from '../platform/errors/app-error';
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

describe('StripeGateway.constructEvent (webhook signature and its timestamp)', () => {
  const secret = 'whsec_unit_test_secret';
  const signer = new Stripe('sk_test_signer');
  const now = new Date('2031-05-06T07:08:09Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'customer.subscription.updated', created: nowSeconds, data: { object: {} } });
  const verifier = new StripeGateway(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/x', STRIPE_WEBHOOK_SECRET: secret }), fixedClock(now));
  const signedAt = (offsetSeconds: number) => signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowSeconds + offsetSeconds });
  const refusal = (header: string) => {
    try {
      verifier.constructEvent(Buffer.from(payload), header);
    } catch (error) {
      return error as AppError;
    }
    throw new Error('expected a refusal');
  };

  it('accepts a signature dated within 5 minutes of the injected clock, either way', () => {
    for (const offset of [0, 60, -60, 300, -300]) expect(verifier.constructEvent(Buffer.from(payload), signedAt(offset)).id).toBe('evt_test_1');
  });

  it('refuses a signature dated more than 5 minutes in the future (400), as it does one more than 5 minutes old', () => {
    const future = refusal(signedAt(600));
    expect(future).toBeInstanceOf(AppError);
    expect(future).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(future.message).toBe(
      "The webhook signature is dated 600 s in the future; deliveries are accepted within 300 s of this server's clock. If this server's clock is wrong, set it right (NTP).",
    );
    expect(refusal(signedAt(301)).message).toMatch(/^The webhook signature is dated 301 s in the future;/);
    expect(refusal(signedAt(-301)).message).toMatch(/^The webhook signature is dated 301 s ago;/);
  });

  it('refuses a wrong signature whatever its date', () => {
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: nowSeconds });
    expect(refusal(forged).message).toBe('The webhook signature is not valid.');
    expect(refusal('v1=abc').message).toBe('The webhook signature is not valid.');
  });
});
