import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { materialIdPipe } from '../materials/material-id';
import { AdminKanjiItem, AdminKanjiView, GetAdminKanjiQuery, ListAdminKanjiQuery } from './admin-kanji.handler';

const querySchema = z.object({
  course: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['kanji1', 'kanji2']).optional()),
  level: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(1).max(9).optional()),
});

/**
 * GET /api/admin/kanji?course&level → {items: [{id, character, level, course, meanings, reading_ids}]} in course
 * order; GET /api/admin/kanji/:id → the kanji with its readings (the reading cards) and course words.
 */
@Controller('api/admin/kanji')
export class AdminKanjiHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>): Promise<{ items: AdminKanjiItem[] }> {
    return this.queries.execute(new ListAdminKanjiQuery({ course: query.course, level: query.level }));
  }

  @Get(':id')
  get(@Param('id', materialIdPipe) id: number): Promise<AdminKanjiView> {
    return this.queries.execute(new GetAdminKanjiQuery({ id }));
  }
}
