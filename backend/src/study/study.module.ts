import { Module, OnModuleInit } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ProjectionRegistry } from '../platform/projections/projection-registry';
import { cardStatesProjection } from './card-states.projection';
import { learnerMemoryProjection } from './learner-memory/learner-memory.projection';
import { CheckAnswerHandler } from './check-answer/check-answer.handler';
import { CheckAnswerHttp } from './check-answer/check-answer.http';
import { GetFlashcardHandler } from './get-flashcard/get-flashcard.handler';
import { FlashcardQueries } from './get-flashcard/get-flashcard.query';
import { GetFlashcardHttp } from './get-flashcard/get-flashcard.http';
import { GradeCardHandler } from './grade-card/grade-card.handler';
import { GradeCardHttp } from './grade-card/grade-card.http';
import { GetLeechesHandler } from './leeches/get-leeches.handler';
import { LeechQueries } from './leeches/get-leeches.query';
import { LeechesHttp } from './leeches/leeches.http';
import { RelearnLeechHandler } from './leeches/relearn-leech.handler';
import { ReviewForecastQuery } from './review-forecast/review-forecast.query';
import { ServableTotals } from './servable-totals';
import { UndoGradeHandler } from './undo-grade/undo-grade.handler';
import { UndoGradeHttp } from './undo-grade/undo-grade.http';
import { GetWrongAnswersHandler } from './wrong-answers/wrong-answers.handler';
import { WrongAnswersHttp } from './wrong-answers/wrong-answers.http';
import { CatchUpHandler, GetCatchUpHandler } from './catch-up/catch-up.handler';
import { CatchUpHttp } from './catch-up/catch-up.http';
import { CatchUpQueries } from './catch-up/catch-up.query';
import { ShiftCardsOnVacationEnd } from './vacation/shift-on-vacation-end';

/**
 * Study: the scheduler (pure rules in grade-card.decide.ts), card_states (inline state of each learned card),
 * GET/POST /api/flashcard, POST /api/flashcard/undo, POST /api/flashcard/check (a typed answer, issue 31), GET
 * /api/flashcard/wrong-answers, GET /api/leeches, POST /api/leeches/relearn. Levels come from the progress context
 * through the STUDY_LEVELS port.
 */
@Module({
  imports: [AccountsModule],
  // CheckAnswerHttp and WrongAnswersHttp before GradeCardHttp/GetFlashcardHttp: their paths are longer.
  controllers: [CheckAnswerHttp, WrongAnswersHttp, GetFlashcardHttp, GradeCardHttp, UndoGradeHttp, LeechesHttp, CatchUpHttp],
  providers: [
    FlashcardQueries,
    GetFlashcardHandler,
    GradeCardHandler,
    UndoGradeHandler,
    CheckAnswerHandler,
    GetWrongAnswersHandler,
    GetLeechesHandler,
    LeechQueries,
    RelearnLeechHandler,
    ReviewForecastQuery,
    ServableTotals,
    ShiftCardsOnVacationEnd,
    CatchUpQueries,
    GetCatchUpHandler,
    CatchUpHandler,
  ],
  exports: [FlashcardQueries, ReviewForecastQuery, ServableTotals],
})
export class StudyModule implements OnModuleInit {
  constructor(private readonly registry: ProjectionRegistry) {}

  /**
   * card_states is written inline; registered so that projections:rebuild can replay it. The learner's fitted
   * strength (issue 30) is an async projection the runner keeps up.
   */
  onModuleInit(): void {
    this.registry.register(cardStatesProjection);
    this.registry.register(learnerMemoryProjection);
  }
}
