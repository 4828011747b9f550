import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { listParams, listParamsSchema } from '../material-list.filters';
import { MaterialDetailView } from '../material-reader';
import { materialIdPipe } from '../material-id';
import { GetMaterialQuery } from './get-material.handler';

/**
 * GET /api/admin/materials/:id?type&course&level&filters → {material, reading, jobs, neighbours}. `material.version`
 * goes back with an edit; `reading` (reading cards) has the grade, the chosen word and its candidates; `jobs` is
 * the latest media job per action; `neighbours` are the previous and next ids in the list the admin came from.
 */
@Controller('api/admin/materials')
export class GetMaterialHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id')
  get(@Param('id', materialIdPipe) id: number, @Query(new ZodPipe(listParamsSchema, 'query')) query: z.infer<typeof listParamsSchema>): Promise<MaterialDetailView> {
    return this.queries.execute(new GetMaterialQuery({ type: query.type, id, nav: listParams(query) }));
  }
}
