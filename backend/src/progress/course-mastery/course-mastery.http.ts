import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { CurrentUser } from '../../accounts';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { COURSES } from '../../study';
import { GetCourseMasteryQuery } from './course-mastery.handler';
import type { CourseMastery } from './course-mastery.query';

const querySchema = z.object({ course: z.enum(COURSES) });

/** GET /api/users/course_mastery?course=… → {course, level, awards: [{id, name, text, icon, color, granted_at}], levels: [{level, total, completed}]} */
@Controller('api/users/course_mastery')
export class CourseMasteryHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  get(@CurrentUser() user: SessionUser, @Query(new ZodPipe(querySchema, 'query')) q: z.infer<typeof querySchema>): Promise<CourseMastery> {
    return this.queries.execute(new GetCourseMasteryQuery({ userId: user.id, course: q.course }));
  }
}
