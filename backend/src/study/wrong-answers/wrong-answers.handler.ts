import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { WrongAnswersResponse } from '#contract/study';
import { PG_POOL } from '../../platform/database/database.module';
import { flashcardRefOrFail } from '../flashcard.view';
import { FlashcardQueries, servableOrNotFound } from '../get-flashcard/get-flashcard.query';
import { wrongAnswerHistory } from './wrong-answers.query';

/** How many wrong answers the card back lists. */
export const WRONG_ANSWERS_SHOWN = 20;

/** GET /api/flashcard/wrong-answers: a card's wrong typed answers, for the learner who typed them. */
export class GetWrongAnswersQuery extends Query<WrongAnswersResponse> {
  constructor(readonly input: { userId: string; id: string }) {
    super();
  }
}

@QueryHandler(GetWrongAnswersQuery)
export class GetWrongAnswersHandler implements IQueryHandler<GetWrongAnswersQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly queries: FlashcardQueries,
  ) {}

  async execute({ input }: GetWrongAnswersQuery): Promise<WrongAnswersResponse> {
    const ref = flashcardRefOrFail(input.id);
    const material = servableOrNotFound(await this.queries.material(input.userId, ref.materialType, ref.materialId), input.id);
    const history = await wrongAnswerHistory(this.pool, input.userId, { course: material.course, materialType: material.material_type, materialId: material.material_id });
    return {
      flashcard_id: input.id,
      wrong_answers: history.slice(0, WRONG_ANSWERS_SHOWN).map((w) => ({ at: w.at, reading: w.reading, meaning: w.meaning, diagnosis: w.diagnosis, first_try: w.firstTry })),
    };
  }
}
