import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { CurrentUser } from '../../accounts';
import { Clock, CLOCK } from '../../platform/clock';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { COURSES, MATERIAL_TYPES } from '../courses';
import { flashcardId, flashcardView, parseFlashcardId } from '../flashcard.view';
import { assertCardOpen, continuation, FlashcardQueries, NextCard, servableOrNotFound } from './get-flashcard.query';

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
  constructor(
    private readonly queries: FlashcardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  async get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(querySchema, 'query')) q: z.infer<typeof querySchema>): Promise<NextCard> {
    const now = this.clock.now();
    const base = { userId: user.id, course: q.course, now, subscriptionActive: user.subscriptionActive, preferNew: false };
    if (q.material_type !== undefined && q.material_id !== undefined) {
      const id = flashcardId(q.material_type, q.material_id);
      const material = servableOrNotFound(await this.queries.material(user.id, q.material_type, q.material_id), id, q.course);
      assertCardOpen(material, user.subscriptionActive);
      return this.queries.withCard(base, flashcardView(material, material.card));
    }
    if (q.after !== undefined) {
      // The card that follows `after` once it is graded, as POST would answer it (the study panel shows it at once).
      const fetchNew = q.fetch_new === 'true';
      const next = await this.queries.next({ ...base, preferNew: fetchNew, skip: parseFlashcardId(q.after) ?? undefined });
      return { ...continuation(next, fetchNew), after: q.after };
    }
    return this.queries.next(base);
  }
}
