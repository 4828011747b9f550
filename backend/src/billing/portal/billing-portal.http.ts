import { Controller, Get, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { CurrentUser } from '../../accounts';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { SessionUser } from '../../platform/http/request-context';
import { answerStyle, failToPage, publicUrl, sendUrl } from '../answer-style';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

/**
 * GET /billing/portal (a link) or POST /billing/portal (a form with `_csrf`, or the app's fetch): opens Stripe's
 * customer portal (change card, cancel, invoices) with a 303, or `{url}` for fetch; it returns to /settings.
 * A browser that cannot be sent there goes back to /settings?portal_error=<code> (see answer-style.ts).
 */
@Controller('billing/portal')
export class BillingPortalHttp {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  @Get()
  viaLink(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.open(user, request, reply);
  }

  @Post()
  viaForm(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.open(user, request, reply);
  }

  private async open(user: SessionUser, request: FastifyRequest, reply: FastifyReply) {
    const style = answerStyle(request);
    let url: string;
    try {
      url = await this.portalUrl(user);
    } catch (error) {
      return failToPage(reply, style, this.stripe.config.PUBLIC_URL, 'portal_error', error, this.logger);
    }
    return sendUrl(reply, style, url);
  }

  private async portalUrl(user: SessionUser): Promise<string> {
    const client = this.stripe.client();
    const { rows } = await this.pool.query<{ stripe_customer_id: string | null }>('select stripe_customer_id from users where id = $1', [user.id]);
    const customer = rows[0]?.stripe_customer_id;
    if (!customer) throw new AppError('not_found', 'You have no subscription to manage yet. Subscribe first.');
    const session = await client.billingPortal.sessions
      .create({ customer, return_url: publicUrl(this.stripe.config.PUBLIC_URL, '/settings') })
      .catch((error: Error) => {
        this.logger.error(`Stripe billing portal session create failed: ${error.message}`);
        throw stripeFailure(error);
      });
    return session.url;
  }
}
