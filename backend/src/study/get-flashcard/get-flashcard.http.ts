import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { nextCardSchema } from '#contract/study';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { COURSES, MATERIAL_TYPES } from '../courses';
import { parseFlashcardId } from '../flashcard.view';
import { GetFlashcardQuery } from './get-flashcard.handler';
import type { NextCard } from './get-flashcard.query';

const querySchema = z
  .object({
    course: z.enum(COURSES),
    material_type: z.enum(MATERIAL_TYPES).optional(),
    material_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    after: z.string().max(40).refine((id) => parseFlashcardId(id) !== null, 'Expected a flashcard id like reading-42.').optional(),
    fetch_new: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => (q.material_type === undefined) === (q.material_id === undefined), {
    message: 'Send material_type and material_id together, or neither.',
    path: ['material_id'],
  });

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
  async get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(querySchema, 'query')) q: z.infer<typeof querySchema>): Promise<NextCard> {
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
