import { Global, Module, OnModuleInit } from '@nestjs/common';
import { LEVEL_READER } from '../accounts';
import { PAGE_PRELOADS } from '../platform/http/page-preload';
import { ProjectionRegistry } from '../platform/projections/projection-registry';
import { STUDY_LEVELS, StudyModule } from '../study';
import { AwardsReactorService } from './awards/awards-reactor.service';
import { GetCourseMasteryHandler } from './course-mastery/course-mastery.handler';
import { CourseMasteryHttp } from './course-mastery/course-mastery.http';
import { CourseMasteryQuery } from './course-mastery/course-mastery.query';
import { GetCoursePageHandler } from './course-page/course-page.handler';
import { CoursePageHttp } from './course-page/course-page.http';
import { coursePagePreloads } from './course-page/course-page.preload';
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
 * reactor, GET /api/users/stats, /api/users/course_mastery, /api/dashboard and /api/pages/course (a course page's
 * first screen in one call, preloaded with index.html). Global, because it provides the level to
 * others: LEVEL_READER (the profile's `level`) and STUDY_LEVELS (the study context's new-card levels).
 * It keeps no personal data (user ids, counts and dates only), so account erasure needs no hook here.
 */
@Global()
@Module({
  imports: [StudyModule],
  controllers: [StatsHttp, CourseMasteryHttp, DashboardHttp, CoursePageHttp],
  providers: [
    LevelsQuery,
    StatsQuery,
    KanjiLevelNames,
    CourseMasteryQuery,
    DashboardQuery,
    GetStatsHandler,
    GetCourseMasteryHandler,
    GetDashboardHandler,
    GetCoursePageHandler,
    AwardsReactorService,
    // index.html preloads a course page's first screen (platform/http/page-preload.ts).
    { provide: PAGE_PRELOADS, useValue: coursePagePreloads },
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
