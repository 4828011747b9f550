// The study context's public surface: other contexts import from here, never from its folders.
export { StudyModule } from './study.module';
export * from './courses';
export * from './card.events';
export { evolve, cardStateFrom, initialCardState } from './card.state';
export type { CardState } from './card.state';
export { decideGrade, schedulerCardOf } from './grade-card/grade-card.decide';
export { SCHEDULER_VERSION, formatInterval, nextMastery, fitLearner, preview, review } from './scheduler';
export type { CardMemory, Learner, SchedulerCard } from './scheduler';
export type { GradeCardCommand, GradeCardContext } from './grade-card/grade-card.decide';
export { STUDY_LEVELS, fixedLevelOne } from './study-levels.port';
export type { StudyLevels } from './study-levels.port';
export { levelOf, levelLabels, mostlyKankenRange, primaryName, secondaryName, nextLevelHint } from './levels';
export type { KanjiLevelFacts, LevelCounts, LevelLabels } from './levels';
export { AWARDS, AWARD_IDS, awardById, awardsEarned, newAwards } from './awards';
export type { Award, AwardId, CourseProgress } from './awards';
export { FORECAST_DAYS, FORECAST_LABELS, calendarDay, canonicalTimeZone, forecastBuckets, isValidTimeZone } from './forecast';
export { deterministicUuid } from './ids';
export { reviewableLevel } from './get-flashcard/get-flashcard.query';
export type { NextCard } from './get-flashcard/get-flashcard.query';
export type { FlashcardView } from './flashcard.view';
export { ReviewForecastQuery } from './review-forecast/review-forecast.query';
export type { ForecastDay } from './review-forecast/review-forecast.query';
export { FlashcardQueries } from './get-flashcard/get-flashcard.query';
export { ServableTotals } from './servable-totals';
// A card's wrong typed answers (issue 31 item 10), for the card back and the leeches (item 11).
export { wrongAnswerHistory, wrongAnswerHistories } from './wrong-answers/wrong-answers.query';
export type { WrongAnswer } from './wrong-answers/wrong-answers.query';
export { unservedCardCounts } from './unserved-cards';
export type { UnservedCounts } from './unserved-cards';
export { GetFlashcardQuery } from './get-flashcard/get-flashcard.handler';
// The catch-up plan's view (issue 30, item 4), read with a course page's first screen.
export { GetCatchUpQuery } from './catch-up/catch-up.handler';
export type { CatchUpView } from './catch-up/catch-up.query';
