import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ListParams } from '../material-list.filters';
import { MaterialDetailView, MaterialReader } from '../material-reader';
import { CardType } from '../../../content';

/** GET /api/admin/materials/:id: a material with its reading, jobs and neighbours in the list `nav`. */
export class GetMaterialQuery extends Query<MaterialDetailView> {
  constructor(readonly input: { type: CardType; id: number; nav: ListParams }) {
    super();
  }
}

/** GetMaterial: one material as the admin's detail page shows it (MaterialReader.detail). */
@QueryHandler(GetMaterialQuery)
export class GetMaterialHandler implements IQueryHandler<GetMaterialQuery> {
  constructor(private readonly reader: MaterialReader) {}

  execute({ input }: GetMaterialQuery): Promise<MaterialDetailView> {
    return this.reader.detail(input.type, input.id, input.nav);
  }
}
