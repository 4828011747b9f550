import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { nextCardSchema } from '#contract/study';
import { nextCardQuerySchema, type NextCardQuery } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetFlashcardQuery } from './get-flashcard.handler';
import type { NextCard } from './get-flashcard.query';

/**
 * GET /api/flashcard?course=… → {flashcard, user_next_review_in_minutes, review_count, new_available,
 * learned_count}: the oldest due review, else the next new card of the lesson order, else null.
 * With material_type and material_id: that card (404 when it is not served, 402 above level 1 without a subscription).
 */
@Controller('api/flashcard')
export class GetFlashcardHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(nextCardSchema)
  async get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(nextCardQuerySchema, 'query')) q: NextCardQuery): Promise<NextCard> {
    return this.queries.execute(
      new GetFlashcardQuery({
        userId: user.id,
        subscriptionActive: user.subscriptionActive,
        course: q.course,
        materialType: q.material_type,
        materialId: q.material_id,
        after: q.after,
        fetchNew: q.fetch_new === 'true',
      }),
    );
  }
}
