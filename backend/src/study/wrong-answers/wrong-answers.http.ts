import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { wrongAnswersResponseSchema, type WrongAnswersResponse } from '#contract/study';
import { wrongAnswersQuerySchema } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetWrongAnswersQuery } from './wrong-answers.handler';

/**
 * GET /api/flashcard/wrong-answers?id=vocab-42 → {flashcard_id, wrong_answers: [{at, reading, meaning, diagnosis,
 * first_try}]}: the learner's wrong typed answers of that card, newest first (the card back lists them).
 */
@Controller('api/flashcard/wrong-answers')
export class WrongAnswersHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(wrongAnswersResponseSchema)
  get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(wrongAnswersQuerySchema, 'query')) q: { id: string }): Promise<WrongAnswersResponse> {
    return this.queries.execute(new GetWrongAnswersQuery({ userId: user.id, id: q.id }));
  }
}
