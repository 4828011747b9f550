import { Controller, Inject, Logger, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { CurrentUser } from '../../accounts';
import { PG_POOL } from '../../platform/database/database.module';
import { SessionUser } from '../../platform/http/request-context';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

export function publicUrl(base: string, path: string): string {
  return `${base.replace(/\/$/, '')}${path}`;
}

/**
 * POST /checkout (an HTML form post carrying the CSRF token as `_csrf`): creates a Stripe Checkout Session in
 * subscription mode for STRIPE_PRICE_ID and answers 303 to Stripe's hosted page. Stripe returns the buyer
 * to /settings?checkout_session_id=…, where the page polls GET /api/users/subscription_status.
 */
@Controller('checkout')
export class CheckoutHttp {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  @Post()
  async checkout(@CurrentUser() user: SessionUser, @Res() reply: FastifyReply) {
    const client = this.stripe.client();
    const price = this.stripe.priceId();
    const base = this.stripe.config.PUBLIC_URL;
    const { rows } = await this.pool.query<{ stripe_customer_id: string | null; subscription_status: string }>(
      'select stripe_customer_id, subscription_status from users where id = $1',
      [user.id],
    );
    if (rows[0]?.subscription_status === 'active') {
      // Already subscribed: a second subscription would bill twice.
      return reply.redirect(publicUrl(base, '/settings'), 303);
    }
    const session = await client.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: user.id,
        ...(rows[0]?.stripe_customer_id ? { customer: rows[0].stripe_customer_id } : {}),
        subscription_data: { metadata: { user_id: user.id } },
        metadata: { user_id: user.id },
        success_url: publicUrl(base, '/settings?checkout_session_id={CHECKOUT_SESSION_ID}'),
        cancel_url: publicUrl(base, '/settings'),
      })
      .catch((error: Error) => {
        this.logger.error(`Stripe checkout session create failed: ${error.message}`);
        throw stripeFailure(error);
      });
    if (!session.url) throw stripeFailure(new Error('no url'));
    return reply.redirect(session.url, 303);
  }
}
