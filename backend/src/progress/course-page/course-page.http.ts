import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Course } from '#contract/courses';
import { coursePageSchema } from '#contract/progress';
import { courseQuerySchema } from '#contract/progress.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GetCoursePageQuery, type CoursePage } from './course-page.handler';

/**
 * GET /api/pages/course?course=… → {profile, flashcard, stats, mastery, catch_up}: a course page's first screen in one
 * request (issue 31, item 12), each part as its own endpoint answers it. index.html preloads it (course-page.preload.ts).
 */
@Controller('api/pages/course')
export class CoursePageHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(coursePageSchema)
  get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(courseQuerySchema, 'query')) q: { course: Course }): Promise<CoursePage> {
    return this.queries.execute(new GetCoursePageQuery({ userId: user.id, course: q.course, subscriptionActive: user.subscriptionActive, timeZone: user.timeZone }));
  }
}
