import { Global, Module, OnModuleInit } from '@nestjs/common';
import { LEVEL_READER } from '../accounts';
import { ProjectionRegistry } from '../platform/projections/projection-registry';
import { STUDY_LEVELS, StudyModule } from '../study';
import { AwardsReactorService } from './awards/awards-reactor.service';
import { GetCourseMasteryHandler } from './course-mastery/course-mastery.handler';
import { CourseMasteryHttp } from './course-mastery/course-mastery.http';
import { CourseMasteryQuery } from './course-mastery/course-mastery.query';
import { GetDashboardHandler } from './dashboard/dashboard.handler';
import { DashboardHttp } from './dashboard/dashboard.http';
import { DashboardQuery } from './dashboard/dashboard.query';
import { LevelsQuery } from './levels/levels.query';
import { PROGRESS_PROJECTIONS } from './progress.projections';
import { GetStatsHandler } from './stats/stats.handler';
import { StatsHttp } from './stats/stats.http';
import { KanjiLevelNames } from './stats/kanji-level-names';
import { StatsQuery } from './stats/stats.query';

/**
 * Progress: the study read models (levels and counts, activity, awards) as async projections, the awards
 * reactor, GET /api/users/stats, /api/users/course_mastery and /api/dashboard. Global, because it provides the level to
 * others: LEVEL_READER (the profile's `level`) and STUDY_LEVELS (the study context's new-card levels).
 * It keeps no personal data (user ids, counts and dates only), so account erasure needs no hook here.
 */
@Global()
@Module({
  imports: [StudyModule],
  controllers: [StatsHttp, CourseMasteryHttp, DashboardHttp],
  providers: [
    LevelsQuery,
    StatsQuery,
    KanjiLevelNames,
    CourseMasteryQuery,
    DashboardQuery,
    GetStatsHandler,
    GetCourseMasteryHandler,
    GetDashboardHandler,
    AwardsReactorService,
    { provide: LEVEL_READER, useExisting: LevelsQuery },
    { provide: STUDY_LEVELS, useExisting: LevelsQuery },
  ],
  exports: [LEVEL_READER, STUDY_LEVELS, LevelsQuery, StatsQuery, CourseMasteryQuery],
})
export class ProgressModule implements OnModuleInit {
  constructor(private readonly registry: ProjectionRegistry) {}

  onModuleInit(): void {
    for (const projection of PROGRESS_PROJECTIONS) this.registry.register(projection);
  }
}
