import { Pool } from 'pg';
import Stripe from 'stripe';
import { startTestApp, TestApp } from '../../../test/http-app';
import { StripeFake, startStripeFake } from '../../../test/stripe-fake';
import { createPool } from '../../platform/database/database';

// Issue 28 item 7: the webhook's signed timestamp must be within 5 minutes of the server's clock in both
// directions. Stripe's library refuses only old ones; a delivery dated in the future stayed replayable.
describe('POST /api/stripe/webhook: the signature timestamp, both ways (loopback Stripe)', () => {
  let app: TestApp;
  let stripe: StripeFake;
  let pool: Pool;
  const signer = new Stripe('sk_test_signer');
  beforeAll(async () => {
    stripe = await startStripeFake();
    app = await startTestApp({ env: stripe.env() });
    pool = createPool(process.env.DATABASE_URL!, 2);
  });
  afterAll(async () => {
    await app.close();
    await stripe.stop();
    await pool.end();
  });

  /** A delivery like stripe.signed(), with its signature dated `offsetSeconds` from now. */
  const deliverDated = (event: Record<string, unknown>, offsetSeconds: number) => {
    const payload = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000) + offsetSeconds;
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret, timestamp });
    return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  };
  const recorded = async (eventId: string) => (await pool.query('select 1 from stripe_webhook_events where event_id = $1', [eventId])).rowCount;

  it('refuses a signature dated 10 minutes in the future with 400 problem+json and records nothing', async () => {
    const event = stripe.event('customer.created', { id: 'cus_test_future', object: 'customer' });
    const res = await deliverDated(event, 600);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(res.json().detail).toMatch(/^The webhook signature is dated 6\d\d s in the future; deliveries are accepted within 300 s of this server's clock\./);
    expect(await recorded(String(event.id))).toBe(0);
  });

  it('refuses one dated 10 minutes ago too', async () => {
    const res = await deliverDated(stripe.event('customer.created', { id: 'cus_test_past', object: 'customer' }), -600);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^The webhook signature is dated 6\d\d s ago;/);
  });

  it('accepts a signature dated 1 minute in the future (clock skew) and applies the event', async () => {
    const event = stripe.event('customer.created', { id: 'cus_test_skew', object: 'customer' });
    const res = await deliverDated(event, 60);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await recorded(String(event.id))).toBe(1);
    // The fake's own signing (dated now) still passes.
    const { payload, headers } = stripe.signed(stripe.event('customer.created', { id: 'cus_test_now', object: 'customer' }));
    expect((await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode).toBe(200);
  });
});
