import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { materialDetailSchema } from '#contract/admin';
import { materialListParamsSchema, type MaterialListParams } from '#contract/admin.requests';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { listParams } from '../material-list.filters';
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
  @Answers(materialDetailSchema)
  get(@Param('id', materialIdPipe) id: number, @Query(new ZodPipe(materialListParamsSchema, 'query')) query: MaterialListParams): Promise<MaterialDetailView> {
    return this.queries.execute(new GetMaterialQuery({ type: query.type, id, nav: listParams(query) }));
  }
}
