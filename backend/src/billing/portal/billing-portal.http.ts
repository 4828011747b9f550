import { Controller, Get, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { redirectUrlAnswerSchema } from '#contract/billing';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { answerStyle, failToPage, sendUrl } from '../answer-style';
import { StripeGateway } from '../stripe.gateway';
import { GetBillingPortalQuery, OpenBillingPortalCommand } from './billing-portal.handler';

/**
 * GET /billing/portal (a link) or POST /billing/portal (a form with `_csrf`, or the app's fetch): opens Stripe's
 * customer portal (change card, cancel, invoices) with a 303, or `{url}` for fetch; it returns to /settings.
 * A browser that cannot be sent there goes back to /settings?portal_error=<code> (see answer-style.ts).
 */
@Controller('billing/portal')
export class BillingPortalHttp {
  private readonly logger = new Logger('billing');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly stripe: StripeGateway,
  ) {}

  @Get()
  @Answers(redirectUrlAnswerSchema)
  viaLink(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.open(request, reply, () => this.queries.execute(new GetBillingPortalQuery({ userId: user.id })));
  }

  @Post()
  @HttpCode(200)
  @Answers(redirectUrlAnswerSchema)
  viaForm(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.open(request, reply, () => this.commands.execute(new OpenBillingPortalCommand({ userId: user.id })));
  }

  private async open(request: FastifyRequest, reply: FastifyReply, portalUrl: () => Promise<string>) {
    const style = answerStyle(request);
    let url: string;
    try {
      url = await portalUrl();
    } catch (error) {
      return failToPage(reply, style, this.stripe.config.PUBLIC_URL, 'portal_error', error, this.logger);
    }
    return sendUrl(reply, style, url);
  }
}
