import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { stripeWebhookAnswerSchema } from '#contract/billing';
import { Public, SkipCsrf } from '../../accounts';
import { AppError } from '../../platform/errors/app-error';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { metadataOf } from '../../platform/http/request-context';
import { StripeGateway } from '../stripe.gateway';
import { ApplyStripeEventCommand } from './stripe-webhook.handler';

/**
 * POST /api/stripe/webhook: Stripe's deliveries, authenticated by their signature (no session, no CSRF).
 * Each Stripe event id is applied at most once (stripe-webhook.handler.ts). 400 on a bad signature.
 * The signature is checked here, over the raw body, as a guard would: only a verified event becomes a command.
 */
@Controller('api/stripe/webhook')
export class StripeWebhookHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly stripe: StripeGateway,
  ) {}

  @Public()
  @SkipCsrf()
  @Post()
  @HttpCode(200)
  @Answers(stripeWebhookAnswerSchema)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined) {
    if (!request.rawBody) throw new AppError('validation_failed', 'Send the Stripe event as application/json.');
    if (!signature) throw new AppError('validation_failed', 'The Stripe-Signature header is missing.');
    const event = this.stripe.constructEvent(request.rawBody, signature);
    const metadata = metadataOf(request, { actorId: null, actor: 'stripe', stripeEventId: event.id });
    const outcome = await this.commands.execute(new ApplyStripeEventCommand({ event, metadata }));
    return { received: true, outcome };
  }
}
