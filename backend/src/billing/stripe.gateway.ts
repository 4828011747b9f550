import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { PaymentsAvailability } from '../accounts';
import { Clock, CLOCK, systemClock } from '../platform/clock';
import { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/database/database.module';
import { AppError } from '../platform/errors/app-error';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server.';
/** How far a webhook signature's timestamp may be from our clock, either way (Stripe's own default, 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const INVALID_WEBHOOK_SIGNATURE = 'The webhook signature is not valid.';

/** The `t=` of a Stripe-Signature header (seconds since the epoch), or null when there is none. */
export function signatureTimestamp(header: string): number | null {
  const item = header
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith('t='));
  const value = item ? Number(item.slice(2)) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

/** Stripe client options from STRIPE_API_BASE (e.g. http://127.0.0.1:12345 for the loopback fake in tests). */
export function stripeOptions(config: AppConfig): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 15_000, telemetry: false };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.port = base.port || (base.protocol === 'http:' ? 80 : 443);
  }
  return options;
}

/**
 * The Stripe client, when STRIPE_SECRET_KEY is set. Without it every payment call answers a clear 503 and the
 * rest of the app works as usual. It is also the profile's PaymentsAvailability: the app offers Subscribe
 * only when a checkout can be created (secret key and price both set).
 */
@Injectable()
export class StripeGateway implements PaymentsAvailability {
  private readonly stripe: Stripe | null;
  // Webhook signatures need no API key; this instance only verifies them.
  private readonly verifier: Stripe;

  constructor(
    @Inject(APP_CONFIG) readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.stripe = config.STRIPE_SECRET_KEY ? new Stripe(config.STRIPE_SECRET_KEY, stripeOptions(config)) : null;
    this.verifier = this.stripe ?? new Stripe('sk_unconfigured', stripeOptions(config));
  }

  get configured(): boolean {
    return this.stripe !== null;
  }

  /** Whether a subscription can be sold: what client() and priceId() need for a checkout. */
  get paymentsAvailable(): boolean {
    return this.stripe !== null && !!this.config.STRIPE_PRICE_ID;
  }

  client(): Stripe {
    if (!this.stripe) throw new AppError('not_configured', PAYMENTS_NOT_CONFIGURED);
    return this.stripe;
  }

  priceId(): string {
    if (!this.config.STRIPE_PRICE_ID) throw new AppError('not_configured', `${PAYMENTS_NOT_CONFIGURED} (STRIPE_PRICE_ID is missing)`);
    return this.config.STRIPE_PRICE_ID;
  }

  /**
   * Verifies the Stripe-Signature header over the raw body and parses the event. The signed timestamp must be
   * within WEBHOOK_TOLERANCE_SECONDS of our clock in both directions: Stripe's library only refuses signatures
   * that are too old, so a delivery signed (or replayed with a header) dated in the future would pass it and stay
   * replayable until that date. Both answer 400.
   */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    if (!this.config.STRIPE_WEBHOOK_SECRET) {
      throw new AppError('not_configured', 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is missing).');
    }
    const now = this.clock.now().getTime();
    let event: Stripe.Event;
    try {
      // Tolerance 0: the library checks the signature only; the time is checked below, both ways, on our clock.
      event = this.verifier.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET, 0, undefined, now);
    } catch {
      throw new AppError('validation_failed', INVALID_WEBHOOK_SIGNATURE);
    }
    const signedAt = signatureTimestamp(signature);
    const skew = signedAt === null ? Infinity : signedAt - Math.floor(now / 1000);
    if (Math.abs(skew) > WEBHOOK_TOLERANCE_SECONDS) {
      const when = !Number.isFinite(skew) ? 'not dated' : skew > 0 ? `dated ${skew} s in the future` : `dated ${-skew} s ago`;
      throw new AppError(
        'validation_failed',
        `The webhook signature is ${when}; deliveries are accepted within ${WEBHOOK_TOLERANCE_SECONDS} s of this server's clock. If this server's clock is wrong, set it right (NTP).`,
      );
    }
    return event;
  }
}

/** Turns a failed Stripe call into our error channel: 404 for a missing object, 503 otherwise. */
export function stripeFailure(error: unknown, notFoundMessage = 'Stripe does not know this object.'): AppError {
  if (error instanceof AppError) return error;
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e?.statusCode === 404 || e?.code === 'resource_missing') return new AppError('not_found', notFoundMessage);
  return new AppError('unavailable', 'The payment provider could not be reached. Please try again in a moment.');
}

export function idOf(ref: string | { id: string } | null | undefined): string | undefined {
  if (!ref) return undefined;
  return typeof ref === 'string' ? ref : ref.id;
}
