import { Controller, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { CurrentUser } from '../../accounts';
import { PG_POOL } from '../../platform/database/database.module';
import { SessionUser } from '../../platform/http/request-context';
import { answerStyle, failToPage, publicUrl, sendUrl } from '../answer-style';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

/**
 * POST /checkout: creates a Stripe Checkout Session in subscription mode for STRIPE_PRICE_ID. The app posts it
 * with fetch (X-XSRF-TOKEN, Accept: application/json) and gets `{url}` to navigate to, or a problem (503
 * not_configured without payments) that it shows in the app. A plain HTML form post (`_csrf` field) gets a 303
 * to Stripe's hosted page, or back to /settings?checkout_error=<code> (see answer-style.ts). Stripe returns
 * the buyer to /settings?checkout_session_id=…, where the page polls GET /api/users/subscription_status.
 */
@Controller('checkout')
export class CheckoutHttp {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  @Post()
  async checkout(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const style = answerStyle(request);
    let url: string;
    try {
      url = await this.sessionUrl(user);
    } catch (error) {
      return failToPage(reply, style, this.stripe.config.PUBLIC_URL, 'checkout_error', error, this.logger);
    }
    return sendUrl(reply, style, url);
  }

  /** Stripe's hosted checkout page for this user, or /settings when already subscribed. */
  private async sessionUrl(user: SessionUser): Promise<string> {
    const client = this.stripe.client();
    const price = this.stripe.priceId();
    const base = this.stripe.config.PUBLIC_URL;
    const { rows } = await this.pool.query<{ stripe_customer_id: string | null; subscription_status: string }>(
      'select stripe_customer_id, subscription_status from users where id = $1',
      [user.id],
    );
    // Already subscribed: a second subscription would bill twice.
    if (rows[0]?.subscription_status === 'active') return publicUrl(base, '/settings');
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
    return session.url;
  }
}
