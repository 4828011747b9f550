import { Pool } from 'pg';
import { startTestApp, TestApp } from '../../test/http-app';
import { StripeFake, startStripeFake } from '../../test/stripe-fake';
import { signUpTestUser, TestSession, TestUser } from '../accounts/testing/test-session';
import { createPool } from '../platform/database/database';

/** What the app's fetch sends (lib/api.ts) and what a browser sends when it posts a form or follows a link. */
const APP_ACCEPT = 'application/json, application/problem+json';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('billing: Stripe hosted checkout, status, portal and webhooks (loopback Stripe)', () => {
  let app: TestApp;
  let stripe: StripeFake;
  let pool: Pool;
  const publicUrl = 'https://kioku.example';
  beforeAll(async () => {
    stripe = await startStripeFake();
    app = await startTestApp({ env: stripe.env({ PUBLIC_URL: publicUrl }) });
    pool = createPool(process.env.DATABASE_URL!, 4);
  });
  afterAll(async () => {
    await app.close();
    await stripe.stop();
    await pool.end();
  });

  const subscriptionEvents = async (userId: string) =>
    (
      await pool.query(
        `select event_type, data, metadata->>'actor' as actor from events where stream_id = $1 and event_type like 'Subscription%' order by stream_version`,
        [`user-${userId}`],
      )
    ).rows;
  const status = async (user: TestUser) => (await user.session.get('/api/users/profile')).json().subscription_status;
  const deliver = (event: Record<string, unknown>, secret?: string) => {
    const { payload, headers } = stripe.signed(event, secret);
    return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
  };

  /** Checkout through the form post; answers the fake's session id. */
  async function checkout(user: TestUser): Promise<string> {
    const res = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() } });
    expect(res.statusCode).toBe(303);
    const id = /\/pay\/(cs_test_[0-9a-f]+)$/.exec(String(res.headers.location))![1];
    return id;
  }

  it('creates a subscription Checkout Session from the form post and redirects to it (303)', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').pop()!;
    expect(created.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(created.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      line_items: [{ price: 'price_test_monthly', quantity: '1' }],
      success_url: `${publicUrl}/settings?checkout_session_id={CHECKOUT_SESSION_ID}`,
      subscription_data: { metadata: { user_id: user.id } },
    });
    expect(JSON.stringify(created.body)).not.toContain(user.email);
  });

  it('tells the app that payments are available (profile), and answers the app\'s fetch with the URL to open', async () => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.get('/api/users/profile')).json().payments_available).toBe(true);
    const res = await user.session.send('POST', '/checkout', { headers: { accept: APP_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) });
    // A browser's own form post (Accept: text/html) still goes straight to Stripe.
    const page = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() }, headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  });

  it('sends a subscriber who checks out again to the settings page, in either style', async () => {
    const user = await signUpTestUser(app.inject);
    stripe.completeCheckout(await checkout(user));
    const id = [...stripe.sessions.values()].find((s) => s.client_reference_id === user.id)!.id;
    await user.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    const before = stripe.requests.length;
    expect((await user.session.send('POST', '/checkout', { headers: { accept: APP_ACCEPT } })).json()).toEqual({ url: `${publicUrl}/settings` });
    expect((await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() } })).headers.location).toBe(`${publicUrl}/settings`);
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses the checkout form without its CSRF token and without a session', async () => {
    const user = await signUpTestUser(app.inject);
    const before = stripe.requests.length;
    const res = await user.session.send('POST', '/checkout', { form: { _csrf: 'A'.repeat(43) } });
    expect(res.statusCode).toBe(403);
    expect(stripe.requests.length).toBe(before);
    const anonymous = await app.inject({ method: 'POST', url: '/checkout' });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('reads the own checkout status; complete activates once; another user gets 404', async () => {
    const user = await signUpTestUser(app.inject);
    const id = await checkout(user);
    const open = await user.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    expect(open.json()).toEqual({ status: 'open', subscription_status: 'inactive' });

    const intruder = await signUpTestUser(app.inject);
    const denied = await intruder.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().code).toBe('not_found');
    expect((await intruder.session.get('/api/users/subscription_status?checkout_session_id=cs_test_nope')).statusCode).toBe(404);

    stripe.completeCheckout(id);
    const done = await user.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    expect(done.json()).toEqual({ status: 'complete', subscription_status: 'active' });
    await user.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    // The webhook of the same checkout changes nothing more.
    expect((await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(id)))).statusCode).toBe(200);
    const recorded = await subscriptionEvents(user.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ event_type: 'SubscriptionActivated', data: { userId: user.id, source: 'checkout', checkoutSessionId: id } });
    expect(await status(intruder)).toBe('inactive');
    expect((await user.session.get('/api/users/subscription_status')).json()).toEqual({ status: null, subscription_status: 'active' });
  });

  it('refuses a webhook with a bad signature (400) and records nothing', async () => {
    const user = await signUpTestUser(app.inject);
    const id = await checkout(user);
    const event = stripe.event('checkout.session.completed', stripe.completeCheckout(id));
    const forged = await deliver(event, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe('The webhook signature is not valid.');
    const unsigned = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    // A valid signature over a different body does not pass either.
    const { headers } = stripe.signed(event);
    const tampered = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify({ ...event, type: 'customer.subscription.deleted' }), headers });
    expect(tampered.statusCode).toBe(400);
    expect((await pool.query('select 1 from stripe_webhook_events where event_id = $1', [event.id])).rowCount).toBe(0);
    expect(await subscriptionEvents(user.id)).toEqual([]);
    expect(await status(user)).toBe('inactive');
  });

  it('applies the same Stripe event delivered twice only once', async () => {
    const user = await signUpTestUser(app.inject);
    const session = stripe.completeCheckout(await checkout(user));
    const event = stripe.event('checkout.session.completed', session);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const second = await deliver(event);
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await status(user)).toBe('active');
    const recorded = await subscriptionEvents(user.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ event_type: 'SubscriptionActivated', actor: 'stripe', data: { source: 'stripe_webhook', stripeEventId: event.id } });

    const sub = stripe.subscriptions.get(session.subscription!)!;
    const pastDue = stripe.event('customer.subscription.updated', { ...sub, status: 'past_due' });
    await deliver(pastDue);
    await deliver(pastDue);
    expect(await status(user)).toBe('past_due');
    expect(await subscriptionEvents(user.id)).toHaveLength(2);
  });

  it('never resurrects a canceled subscription with an out-of-order update', async () => {
    const user = await signUpTestUser(app.inject);
    const session = stripe.completeCheckout(await checkout(user));
    await deliver(stripe.event('checkout.session.completed', session, { created: 1_700_000_000 }));
    const sub = stripe.subscriptions.get(session.subscription!)!;
    await deliver(stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: 1_700_000_200 }));
    expect(await status(user)).toBe('canceled');
    // Sent by Stripe before the deletion, delivered after it.
    const late = await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: 1_700_000_100 }));
    expect(late.json().outcome).toBe('stale');
    // Even a newer "active" for the same (ended) subscription does not bring it back.
    await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: 1_700_000_300 }));
    await deliver(stripe.event('invoice.payment_failed', { id: 'in_test_1', object: 'invoice', customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } }));
    expect(await status(user)).toBe('canceled');
    expect((await subscriptionEvents(user.id)).map((e) => e.event_type)).toEqual(['SubscriptionActivated', 'SubscriptionCanceled']);
  });

  it('ignores an update older than the last one applied, and moves active to past_due on a failed payment', async () => {
    const user = await signUpTestUser(app.inject);
    const session = stripe.completeCheckout(await checkout(user));
    const sub = stripe.subscriptions.get(session.subscription!)!;
    await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: 1_800_000_100 }));
    expect(await status(user)).toBe('active');
    await deliver(stripe.event('invoice.payment_failed', { id: 'in_test_2', object: 'invoice', customer: sub.customer, subscription: sub.id }, { created: 1_800_000_200 }));
    expect(await status(user)).toBe('past_due');
    const old = await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: 1_800_000_150 }));
    expect(old.json().outcome).toBe('stale');
    expect(await status(user)).toBe('past_due');
    await deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: 1_800_000_300 }));
    expect(await status(user)).toBe('active');
  });

  it('opens the customer portal for a subscriber, 404 for someone without a customer', async () => {
    const user = await signUpTestUser(app.inject);
    stripe.completeCheckout(await checkout(user));
    const id = [...stripe.sessions.values()].find((s) => s.client_reference_id === user.id)!.id;
    await user.session.get(`/api/users/subscription_status?checkout_session_id=${id}`);
    const res = await user.session.get('/billing/portal');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    const created = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(created.body).toEqual({ customer: stripe.sessions.get(id)!.customer, return_url: `${publicUrl}/settings` });
    const viaForm = await user.session.send('POST', '/billing/portal', { form: { _csrf: await user.session.csrfToken() } });
    expect(viaForm.statusCode).toBe(303);
    const newcomer = await signUpTestUser(app.inject);
    expect((await newcomer.session.get('/billing/portal')).statusCode).toBe(404);
    // The app's fetch gets the URL; a browser following the link without a subscription comes back to settings.
    expect((await user.session.send('POST', '/billing/portal', { headers: { accept: APP_ACCEPT } })).json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) });
    const lost = await newcomer.session.get('/billing/portal', { headers: { accept: BROWSER_ACCEPT } });
    expect(lost.statusCode).toBe(303);
    expect(lost.headers.location).toBe(`${publicUrl}/settings?portal_error=not_found`);
  });

  it('cancels a live subscription at Stripe before erasing the account', async () => {
    const user = await signUpTestUser(app.inject);
    const session = stripe.completeCheckout(await checkout(user));
    await deliver(stripe.event('checkout.session.completed', session));
    const res = await user.session.delete('/api/users/me', { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(stripe.subscriptions.get(session.subscription!)!.status).toBe('canceled');
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${session.subscription}`)).toBe(true);
    expect((await subscriptionEvents(user.id)).map((e) => e.event_type)).toEqual(['SubscriptionActivated', 'SubscriptionCanceled']);
    // Stripe's own deletion notice afterwards changes nothing.
    const late = await deliver(stripe.event('customer.subscription.deleted', { ...stripe.subscriptions.get(session.subscription!)! }));
    expect(late.json().outcome).toBe('stale');
  });
});

describe('billing without Stripe configured', () => {
  let app: TestApp;
  const publicUrl = 'https://kioku.example';
  beforeAll(async () => {
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_PRICE_ID: '', PUBLIC_URL: publicUrl } });
  });
  afterAll(() => app.close());

  it('answers /checkout with a clear 503 and keeps everything else working', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'not_configured', detail: 'Payments are not configured on this server.' });
    expect((await user.session.get('/api/users/profile')).json().subscription_status).toBe('inactive');
    const webhook = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(webhook.statusCode).toBe(503);
  });

  it('tells the app that payments are not available, in the profile and every answer that carries it', async () => {
    const session = new TestSession(app.inject);
    const email = `nopay-${Date.now()}@example.test`;
    const signUp = await session.post('/api/auth/sign_up', { name: 'No Pay', email, password: 'correct horse nopay' });
    expect(signUp.json().payments_available).toBe(false);
    expect((await session.get('/api/users/profile')).json().payments_available).toBe(false);
  });

  it('answers the app\'s fetch with a problem it can show, and sends a browser back to settings (never a JSON page)', async () => {
    const user = await signUpTestUser(app.inject);
    const fetched = await user.session.send('POST', '/checkout', { headers: { accept: APP_ACCEPT } });
    expect(fetched.statusCode).toBe(503);
    expect(fetched.json()).toMatchObject({ code: 'not_configured', detail: 'Payments are not configured on this server.' });
    const page = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() }, headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${publicUrl}/settings?checkout_error=not_configured`);
    const portal = await user.session.get('/billing/portal', { headers: { accept: BROWSER_ACCEPT } });
    expect(portal.statusCode).toBe(303);
    expect(portal.headers.location).toBe(`${publicUrl}/settings?portal_error=not_configured`);
  });

  it('answers a checkout status check with 503 not_configured (the return page stops polling on it)', async () => {
    const user = await signUpTestUser(app.inject);
    const res = await user.session.get('/api/users/subscription_status?checkout_session_id=cs_test_123');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'not_configured' });
    expect((await user.session.get('/api/users/subscription_status')).json()).toEqual({ status: null, subscription_status: 'inactive' });
  });
});

describe('billing with Stripe configured but unreachable', () => {
  let app: TestApp;
  const publicUrl = 'https://kioku.example';
  beforeAll(async () => {
    // Nothing listens on port 1: every Stripe call fails to connect.
    app = await startTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_unreachable', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_x', STRIPE_API_BASE: 'http://127.0.0.1:1', PUBLIC_URL: publicUrl },
    });
  });
  afterAll(() => app.close());

  it('offers payments, and turns a failed checkout into a problem for the app or a way back for a browser', async () => {
    const user = await signUpTestUser(app.inject);
    expect((await user.session.get('/api/users/profile')).json().payments_available).toBe(true);
    const fetched = await user.session.send('POST', '/checkout', { headers: { accept: APP_ACCEPT } });
    expect(fetched.statusCode).toBe(503);
    expect(fetched.json()).toMatchObject({ code: 'unavailable', detail: 'The payment provider could not be reached. Please try again in a moment.' });
    const page = await user.session.send('POST', '/checkout', { form: { _csrf: await user.session.csrfToken() }, headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${publicUrl}/settings?checkout_error=unavailable`);
    const status = await user.session.get('/api/users/subscription_status?checkout_session_id=cs_test_123');
    expect(status.statusCode).toBe(503);
    expect(status.json().code).toBe('unavailable');
  });
});
