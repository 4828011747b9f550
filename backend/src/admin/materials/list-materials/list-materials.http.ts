import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { z } from 'zod';
import { ZodPipe } from '../../../platform/http/zod.pipe';
import { listParams, listParamsSchema } from '../material-list.filters';
import { ListMaterialsQuery, MaterialListPage } from './list-materials.handler';

const querySchema = listParamsSchema.extend({
  page: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(1).max(100_000).default(1)),
});

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
  list(@Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>): Promise<MaterialListPage> {
    return this.queries.execute(new ListMaterialsQuery({ params: listParams(query), page: query.page }));
  }
}
