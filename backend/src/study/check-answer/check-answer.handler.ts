import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { CheckAnswerResponse } from '#contract/study';
import { PG_POOL } from '../../platform/database/database.module';
import { flashcardRefOrFail } from '../flashcard.view';
import { assertCardOpen, FlashcardQueries, servableOrNotFound } from '../get-flashcard/get-flashcard.query';
import { loadAnswerKey } from '../typed-answer/answer-key.store';
import { judgeTypedAnswer, type TypedAnswerInput } from '../typed-answer/judge';

/** CheckAnswer: a typed answer to check without grading it, and who sends it. */
export interface CheckAnswer extends TypedAnswerInput {
  userId: string;
  subscriptionActive: boolean;
  /** flashcard_id "<material_type>-<material_id>" */
  id: string;
}

/**
 * POST /api/flashcard/check: the server's verdict on a typed answer before the card is flipped, so a near miss
 * can be retried once without the answer being shown. Records nothing: the grade that follows carries the answer
 * (and its first try) and is checked again there.
 */
export class CheckAnswerQuery extends Query<CheckAnswerResponse> {
  constructor(readonly input: CheckAnswer) {
    super();
  }
}

@QueryHandler(CheckAnswerQuery)
export class CheckAnswerHandler implements IQueryHandler<CheckAnswerQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly queries: FlashcardQueries,
  ) {}

  async execute({ input }: CheckAnswerQuery): Promise<CheckAnswerResponse> {
    const ref = flashcardRefOrFail(input.id);
    const material = servableOrNotFound(await this.queries.material(input.userId, ref.materialType, ref.materialId), input.id);
    assertCardOpen(material, input.subscriptionActive);
    const judged = judgeTypedAnswer(await loadAnswerKey(this.pool, material), input);
    return {
      verdict: judged.verdict,
      near_miss: judged.nearMiss,
      retry: judged.retry,
      diagnosis: judged.diagnosis,
      fields: judged.fields.map(({ field, correct }) => ({ field, correct })),
      reading: judged.reading ?? null,
    };
  }
}
