import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { materialListSchema } from '#contract/admin';
import { materialListQuerySchema, type MaterialListParams } from '#contract/admin.requests';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { listParams } from '../material-list.filters';
import { ListMaterialsQuery, MaterialListPage } from './list-materials.handler';

/**
 * GET /api/admin/materials?type&course&level&filters&page → {items, total, page, page_size}: the cards of one
 * type in course order, filtered by flags (no_sentence, no_audio, no_image, audio_unapproved, image_unapproved,
 * not_servable, retired, not_retired; joined by +, spaces or commas; all must hold). Retired materials are listed
 * (with `retired: true`) unless a filter leaves them out.
 */
@Controller('api/admin/materials')
export class ListMaterialsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Answers(materialListSchema)
  list(@Query(new ZodPipe(materialListQuerySchema, 'query')) query: MaterialListParams & { page: number }): Promise<MaterialListPage> {
    return this.queries.execute(new ListMaterialsQuery({ params: listParams(query), page: query.page }));
  }
}
