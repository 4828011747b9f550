import { Controller, Get, Inject, Logger, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { CurrentUser } from '../../accounts';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { SessionUser } from '../../platform/http/request-context';
import { publicUrl } from '../checkout/checkout.http';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

/**
 * GET /billing/portal (a link) or POST /billing/portal (a form with `_csrf`): opens Stripe's customer portal
 * (change card, cancel, invoices) with a 303; it returns to /settings.
 */
@Controller('billing/portal')
export class BillingPortalHttp {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  @Get()
  viaLink(@CurrentUser() user: SessionUser, @Res() reply: FastifyReply) {
    return this.open(user, reply);
  }

  @Post()
  viaForm(@CurrentUser() user: SessionUser, @Res() reply: FastifyReply) {
    return this.open(user, reply);
  }

  private async open(user: SessionUser, reply: FastifyReply) {
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
    return reply.redirect(session.url, 303);
  }
}
