import { Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirectUrlAnswerSchema } from '#contract/billing';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { answerStyle, failToPage, sendUrl } from '../answer-style';
import { StripeGateway } from '../stripe.gateway';
import { StartCheckoutCommand } from './checkout.handler';

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

  constructor(private readonly commands: CommandBus, private readonly stripe: StripeGateway) {}

  @Post()
  @HttpCode(200)
  @Answers(redirectUrlAnswerSchema)
  async checkout(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const style = answerStyle(request);
    let url: string;
    try {
      url = await this.commands.execute(new StartCheckoutCommand({ userId: user.id }));
    } catch (error) {
      return failToPage(reply, style, this.stripe.config.PUBLIC_URL, 'checkout_error', error, this.logger);
    }
    return sendUrl(reply, style, url);
  }
}
