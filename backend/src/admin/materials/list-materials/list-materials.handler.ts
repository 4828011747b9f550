import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListParams } from '../material-list.filters';
import { MaterialReader } from '../material-reader';

export type MaterialListPage = Awaited<ReturnType<MaterialReader['list']>>;

/** GET /api/admin/materials: one page of the cards of one type, filtered. */
export class ListMaterialsQuery extends Query<MaterialListPage> {
  constructor(readonly input: { params: ListParams; page: number }) {
    super();
  }
}

/** ListMaterials: the admin's materials list (MaterialReader.list). */
@QueryHandler(ListMaterialsQuery)
export class ListMaterialsHandler implements IQueryHandler<ListMaterialsQuery> {
  constructor(private readonly reader: MaterialReader) {}

  execute({ input }: ListMaterialsQuery): Promise<MaterialListPage> {
    return this.reader.list(input.params, input.page);
  }
}
