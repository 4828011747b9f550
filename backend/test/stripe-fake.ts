import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A loopback server speaking the slice of Stripe's API that Kioku uses (form-encoded requests, Stripe's JSON
 * shapes and error format): Checkout Sessions (create, retrieve), billing portal sessions, subscription
 * cancel. It also builds correctly signed webhook deliveries. Point the app at it with
 * STRIPE_API_BASE=fake.url and STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET = fake.secretKey/fake.webhookSecret.
 */

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  client_reference_id: string | null;
  customer: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  metadata: Record<string, string>;
  line_items_for_test: { price: string; quantity: number }[];
  created: number;
  livemode: false;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  authorization?: string;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** a[b][0][c]=v → {a: {b: [{c: v}]}}, as Stripe decodes its form bodies */
export function parseStripeForm(body: string): Record<string, any> {
  const result: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: any = result;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return result;
}

export interface StripeFakeOptions {
  secretKey?: string;
  webhookSecret?: string;
  port?: number;
  /** Browser tests: serve the hosted checkout page here and deliver webhooks to this app after "payment". */
  appUrl?: string;
}

export class StripeFake {
  readonly secretKey: string;
  readonly webhookSecret: string;
  constructor(private readonly options: StripeFakeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  }
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly subscriptions = new Map<string, { id: string; object: 'subscription'; status: string; customer: string; created: number; metadata: Record<string, string> }>();
  readonly requests: FakeRequest[] = [];
  private server?: Server;
  private readonly signer = new Stripe('sk_test_signer');
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** the environment for startTestApp({env}) */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_PRICE_ID: 'price_test_monthly',
      STRIPE_API_BASE: this.url,
      ...extra,
    };
  }

  /** What happens when the buyer pays on the hosted page: the session completes with a new subscription. */
  completeCheckout(sessionId: string): FakeCheckoutSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake checkout session ${sessionId}`);
    const customer = session.customer ?? rid('cus');
    const subscription = rid('sub');
    this.subscriptions.set(subscription, {
      id: subscription,
      object: 'subscription',
      status: 'active',
      customer,
      created: Math.floor(Date.now() / 1000),
      metadata: { user_id: session.client_reference_id ?? '' },
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription, url: null });
    return session;
  }

  /** A Stripe Event object (snapshot payload). */
  event(type: string, object: unknown, options: { id?: string; created?: number } = {}): Record<string, unknown> {
    return {
      id: options.id ?? rid('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The body and headers of a delivery, signed with the webhook secret (or another one, to test refusal). */
  signed(event: Record<string, unknown>, secret = this.webhookSecret): { payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, authorization: req.headers.authorization });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, message: string, code?: string, param?: string) =>
      send(status, { error: { type: status === 401 ? 'invalid_request_error' : 'invalid_request_error', message, code, param } });

    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (page && this.options.appUrl) return this.hostedCheckout(req.method ?? 'GET', decodeURIComponent(page[1]), res);
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return error(401, 'Invalid API Key provided.');

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription' && body.mode !== 'payment') return error(400, 'Missing required param: mode.', 'parameter_missing', 'mode');
      if (!body.success_url) return error(400, 'Missing required param: success_url.', 'parameter_missing', 'success_url');
      const id = rid('cs');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        url: this.options.appUrl ? `${this.url}/c/pay/${id}` : `https://checkout.stripe.test/c/pay/${id}`,
        metadata: body.metadata ?? {},
        line_items_for_test: (body.line_items ?? []).map((l: any) => ({ price: l.price, quantity: Number(l.quantity) })),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]));
      if (!session) return error(404, `No such checkout.session: '${sessionMatch[1]}'`, 'resource_missing', 'session');
      return send(200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!body.customer) return error(400, 'Missing required param: customer.', 'parameter_missing', 'customer');
      const id = rid('bps');
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && subscriptionMatch) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1]));
      if (!subscription) return error(404, `No such subscription: '${subscriptionMatch[1]}'`, 'resource_missing', 'id');
      subscription.status = 'canceled';
      return send(200, subscription);
    }
    return error(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  /**
   * The hosted checkout page for browser tests: GET shows a "Pay" button; POST completes the session, delivers
   * a signed checkout.session.completed webhook to the app, and redirects to the success URL like Stripe does.
   */
  private async hostedCheckout(method: string, id: string, res: ServerResponse): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('No such checkout session');
      return;
    }
    if (method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Kioku subscription</h1><form method="post"><button type="submit">Pay</button></form></main></body></html>');
      return;
    }
    const completed = this.completeCheckout(id);
    const { payload, headers } = this.signed(this.event('checkout.session.completed', completed));
    await fetch(`${this.options.appUrl}/api/stripe/webhook`, { method: 'POST', headers, body: payload }).catch(() => undefined);
    res.writeHead(303, { location: completed.success_url.replace('{CHECKOUT_SESSION_ID}', id) });
    res.end();
  }
}


export async function startStripeFake(): Promise<StripeFake> {
  return new StripeFake().start();
}
