import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { checkAnswerResponseSchema, type CheckAnswerResponse } from '#contract/study';
import { checkAnswerBodySchema, type CheckAnswerBody } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { CheckAnswerQuery } from './check-answer.handler';

/**
 * POST /api/flashcard/check {id, reading, meaning?, first_try?} → {verdict, near_miss, retry, diagnosis, fields,
 * reading}: a typed answer checked by the server, nothing recorded (the grade records it).
 */
@Controller('api/flashcard/check')
export class CheckAnswerHttp {
  constructor(private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(200)
  @Answers(checkAnswerResponseSchema)
  check(@CurrentUser() user: SessionUser, @Body(new ZodPipe(checkAnswerBodySchema)) body: CheckAnswerBody): Promise<CheckAnswerResponse> {
    return this.queries.execute(
      new CheckAnswerQuery({ userId: user.id, subscriptionActive: user.subscriptionActive, id: body.id, reading: body.reading, meaning: body.meaning, first_try: body.first_try }),
    );
  }
}
