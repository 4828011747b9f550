// The progress context's public surface: other contexts import from here, never from its folders.
export { ProgressModule } from './progress.module';
export { PROGRESS_PROJECTIONS } from './progress.projections';
export { LevelsQuery } from './levels/levels.query';
export { StatsQuery } from './stats/stats.query';
export type { Stats, LevelStats } from './stats/stats.query';
export { CourseMasteryQuery } from './course-mastery/course-mastery.query';
export type { CourseMastery } from './course-mastery/course-mastery.query';
export { AwardGranted, AWARD_STREAM_TYPE, awardStreamId } from './award.events';
export { awardsReactor, AWARDS_REACTOR } from './awards/awards.reactor';
export { LEVELS_PROJECTION, levelsProjection } from './levels/levels.projection';
export { ACTIVITY_PROJECTION, activityProjection } from './activity/activity.projection';
export { AWARDS_PROJECTION, awardsProjection } from './awards/awards.projection';
