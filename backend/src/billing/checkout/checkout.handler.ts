import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { publicUrl } from '../answer-style';
import { StripeGateway, stripeFailure } from '../stripe.gateway';

/** StartCheckout: who asks for POST /checkout. */
export interface StartCheckout {
  userId: string;
}

/** POST /checkout: Stripe's hosted checkout page for this user (or /settings when already subscribed). */
export class StartCheckoutCommand extends Command<string> {
  constructor(readonly input: StartCheckout) {
    super();
  }
}

@CommandHandler(StartCheckoutCommand)
export class StartCheckoutHandler implements ICommandHandler<StartCheckoutCommand> {
  private readonly logger = new Logger('billing');

  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly stripe: StripeGateway) {}

  execute(command: StartCheckoutCommand): Promise<string> {
    return this.sessionUrl(command.input.userId);
  }

  /** Stripe's hosted checkout page for this user, or /settings when already subscribed. */
  private async sessionUrl(userId: string): Promise<string> {
    const client = this.stripe.client();
    const price = this.stripe.priceId();
    const base = this.stripe.config.PUBLIC_URL;
    const { rows } = await this.pool.query<{ stripe_customer_id: string | null; subscription_status: string }>(
      'select stripe_customer_id, subscription_status from users where id = $1',
      [userId],
    );
    // Already subscribed: a second subscription would bill twice.
    if (rows[0]?.subscription_status === 'active') return publicUrl(base, '/settings');
    const session = await client.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: userId,
        ...(rows[0]?.stripe_customer_id ? { customer: rows[0].stripe_customer_id } : {}),
        subscription_data: { metadata: { user_id: userId } },
        metadata: { user_id: userId },
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
