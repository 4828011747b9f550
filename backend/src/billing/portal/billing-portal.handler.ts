import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { publicUrl } from '../answer-style';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

/** OpenBillingPortal: who asks for /billing/portal. */
export interface OpenBillingPortal {
  userId: string;
}

/** POST /billing/portal (a form, or the app's fetch): a Stripe customer portal session's URL. */
export class OpenBillingPortalCommand extends Command<string> {
  constructor(readonly input: OpenBillingPortal) {
    super();
  }
}

/**
 * GET /billing/portal (a link): the same portal session as the POST. A query like every GET: it records nothing
 * of ours (the session lives at Stripe), so both messages run the same code.
 */
export class GetBillingPortalQuery extends Query<string> {
  constructor(readonly input: OpenBillingPortal) {
    super();
  }
}

@CommandHandler(OpenBillingPortalCommand)
export class OpenBillingPortalHandler implements ICommandHandler<OpenBillingPortalCommand> {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  execute(command: OpenBillingPortalCommand): Promise<string> {
    return this.portalUrl(command.input.userId);
  }

  async portalUrl(userId: string): Promise<string> {
    const client = this.stripe.client();
    const { rows } = await this.pool.query<{ stripe_customer_id: string | null }>('select stripe_customer_id from users where id = $1', [userId]);
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

@QueryHandler(GetBillingPortalQuery)
export class GetBillingPortalHandler implements IQueryHandler<GetBillingPortalQuery> {
  constructor(private readonly portal: OpenBillingPortalHandler) {}

  execute(query: GetBillingPortalQuery): Promise<string> {
    return this.portal.portalUrl(query.input.userId);
  }
}
