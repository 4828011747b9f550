import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '../../platform/clock';
import type { Course, MaterialType } from '../courses';
import { flashcardId, flashcardView, parseFlashcardId } from '../flashcard.view';
import { assertCardOpen, continuation, FlashcardQueries, NextCard, servableOrNotFound } from './get-flashcard.query';

/** GetFlashcard: what GET /api/flashcard asks, plus who asks. */
export interface GetFlashcard {
  userId: string;
  subscriptionActive: boolean;
  course: Course;
  /** with materialId: that card, instead of the next one */
  materialType?: MaterialType;
  materialId?: number;
  /** flashcard_id of the card on the learner's screen: the card that follows it once it is graded */
  after?: string;
  /** with `after`: the follower as a grade with fetch_new would find it */
  fetchNew: boolean;
}

/** GET /api/flashcard: the next card (or a given one) and the study panel's counts. */
export class GetFlashcardQuery extends Query<NextCard> {
  constructor(readonly input: GetFlashcard) {
    super();
  }
}

@QueryHandler(GetFlashcardQuery)
export class GetFlashcardHandler implements IQueryHandler<GetFlashcardQuery> {
  constructor(
    private readonly queries: FlashcardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input: q }: GetFlashcardQuery): Promise<NextCard> {
    const now = this.clock.now();
    const base = { userId: q.userId, course: q.course, now, subscriptionActive: q.subscriptionActive, preferNew: false };
    if (q.materialType !== undefined && q.materialId !== undefined) {
      const id = flashcardId(q.materialType, q.materialId);
      const material = servableOrNotFound(await this.queries.material(q.userId, q.materialType, q.materialId), id, q.course);
      assertCardOpen(material, q.subscriptionActive);
      return this.queries.withCard(base, flashcardView(material, material.card));
    }
    if (q.after !== undefined) {
      // The card that follows `after` once it is graded, as POST would answer it (the study panel shows it at once).
      const next = await this.queries.next({ ...base, preferNew: q.fetchNew, skip: parseFlashcardId(q.after) ?? undefined });
      return { ...continuation(next, q.fetchNew), after: q.after };
    }
    return this.queries.next(base);
  }
}
