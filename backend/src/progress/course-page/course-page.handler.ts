import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetProfileQuery, type Profile } from '../../accounts';
import { GetCatchUpQuery, GetFlashcardQuery, type CatchUpView, type Course, type NextCard } from '../../study';
import { GetCourseMasteryQuery } from '../course-mastery/course-mastery.handler';
import type { CourseMastery } from '../course-mastery/course-mastery.query';
import { GetStatsQuery } from '../stats/stats.handler';
import type { Stats } from '../stats/stats.query';

/** GetCoursePage: who asks for a course page's first screen. */
export interface GetCoursePage {
  userId: string;
  course: Course;
  subscriptionActive: boolean;
  timeZone: string;
}

export interface CoursePage {
  profile: Profile;
  flashcard: NextCard;
  stats: Stats;
  mastery: CourseMastery;
  catch_up: CatchUpView;
}

/** GET /api/pages/course: the five reads of a course page's first screen, in one request. */
export class GetCoursePageQuery extends Query<CoursePage> {
  constructor(readonly input: GetCoursePage) {
    super();
  }
}

/**
 * The same reads as GET /api/users/profile, /api/flashcard, /api/users/stats, /api/users/course_mastery and
 * /api/study/catch-up (their queries, so the answers are theirs), run side by side: one request, one session check,
 * one answer. The catch-up view is read even with no review due (it is one statement on the rows the next card
 * reads, in parallel): the study panel then has the plan with its first paint instead of asking after it.
 */
@QueryHandler(GetCoursePageQuery)
export class GetCoursePageHandler implements IQueryHandler<GetCoursePageQuery> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ input: q }: GetCoursePageQuery): Promise<CoursePage> {
    const [profile, flashcard, stats, mastery, catchUp] = await Promise.all([
      this.queries.execute(new GetProfileQuery({ userId: q.userId })),
      this.queries.execute(new GetFlashcardQuery({ userId: q.userId, subscriptionActive: q.subscriptionActive, course: q.course, fetchNew: false })),
      this.queries.execute(new GetStatsQuery({ userId: q.userId, course: q.course, subscriptionActive: q.subscriptionActive, timeZone: q.timeZone })),
      this.queries.execute(new GetCourseMasteryQuery({ userId: q.userId, course: q.course })),
      this.queries.execute(new GetCatchUpQuery({ userId: q.userId, course: q.course, subscriptionActive: q.subscriptionActive })),
    ]);
    return { profile, flashcard, stats, mastery, catch_up: catchUp };
  }
}
