import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Course } from '../../study';
import { CourseMastery, CourseMasteryQuery } from './course-mastery.query';

/** GetCourseMastery: what GET /api/users/course_mastery asks, plus who asks. */
export interface GetCourseMastery {
  userId: string;
  course: Course;
}

/** GET /api/users/course_mastery: a course's level, awards and completion per level. (`CourseMasteryQuery` is the read service.) */
export class GetCourseMasteryQuery extends Query<CourseMastery> {
  constructor(readonly input: GetCourseMastery) {
    super();
  }
}

@QueryHandler(GetCourseMasteryQuery)
export class GetCourseMasteryHandler implements IQueryHandler<GetCourseMasteryQuery> {
  constructor(private readonly mastery: CourseMasteryQuery) {}

  execute({ input }: GetCourseMasteryQuery): Promise<CourseMastery> {
    return this.mastery.get(input.userId, input.course);
  }
}
