import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Course } from '#contract/courses';
import { masterySchema } from '#contract/progress';
import { courseQuerySchema } from '#contract/progress.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetCourseMasteryQuery } from './course-mastery.handler';
import type { CourseMastery } from './course-mastery.query';

/** GET /api/users/course_mastery?course=… → {course, level, awards: [{id, name, text, icon, color, granted_at}], levels: [{level, total, completed}]} */
@Controller('api/users/course_mastery')
export class CourseMasteryHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(masterySchema)
  get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(courseQuerySchema, 'query')) q: { course: Course }): Promise<CourseMastery> {
    return this.queries.execute(new GetCourseMasteryQuery({ userId: user.id, course: q.course }));
  }
}
