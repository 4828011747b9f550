import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { adminKanjiDetailSchema, adminKanjiListSchema } from '#contract/admin';
import { adminKanjiQuerySchema } from '#contract/admin.requests';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { materialIdPipe } from '../materials/material-id';
import { AdminKanjiItem, AdminKanjiView, GetAdminKanjiQuery, ListAdminKanjiQuery } from './admin-kanji.handler';
import type { KanjiCourse } from '../../kernel/courses';

/**
 * GET /api/admin/kanji?course&level → {items: [{id, character, level, course, meanings, reading_ids}]} in course
 * order; GET /api/admin/kanji/:id → the kanji with its readings (the reading cards) and course words.
 */
@Controller('api/admin/kanji')
export class AdminKanjiHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(adminKanjiListSchema)
  list(@Query(new ZodPipe(adminKanjiQuerySchema, 'query')) query: { course?: KanjiCourse; level?: number }): Promise<{ items: AdminKanjiItem[] }> {
    return this.queries.execute(new ListAdminKanjiQuery({ course: query.course, level: query.level }));
  }

  @Get(':id')
  @Answers(adminKanjiDetailSchema)
  get(@Param('id', materialIdPipe) id: number): Promise<AdminKanjiView> {
    return this.queries.execute(new GetAdminKanjiQuery({ id }));
  }
}
