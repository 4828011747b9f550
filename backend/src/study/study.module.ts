import { Module } from '@nestjs/common';
import { FlashcardQueries } from './get-flashcard/get-flashcard.query';
import { GetFlashcardHttp } from './get-flashcard/get-flashcard.http';
import { GradeCardHandler } from './grade-card/grade-card.handler';
import { GradeCardHttp } from './grade-card/grade-card.http';
import { ReviewForecastQuery } from './review-forecast/review-forecast.query';
import { ServableTotals } from './servable-totals';

/**
 * Study: the scheduler (pure rules in grade-card.decide.ts), card_states (inline state of each learned card),
 * GET/POST /api/flashcard. Levels come from the progress context through the STUDY_LEVELS port.
 */
@Module({
  controllers: [GetFlashcardHttp, GradeCardHttp],
  providers: [FlashcardQueries, GradeCardHandler, ReviewForecastQuery, ServableTotals],
  exports: [FlashcardQueries, ReviewForecastQuery, ServableTotals],
})
export class StudyModule {}
