import { ModulesContainer } from '@nestjs/core';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { documentedRoutes, openApiDocument } from './openapi';

/** GET /api/docs: the OpenAPI 3.1 document of this API. */
export class GetApiDocsQuery extends Query<ReturnType<typeof openApiDocument>> {}

/** Built once, on first request, from the routes' own metadata (the app's routes do not change while it runs). */
@QueryHandler(GetApiDocsQuery)
export class GetApiDocsHandler implements IQueryHandler<GetApiDocsQuery> {
  private document?: ReturnType<typeof openApiDocument>;
  constructor(private readonly modules: ModulesContainer) {}

  async execute(): Promise<ReturnType<typeof openApiDocument>> {
    this.document ??= openApiDocument(documentedRoutes(this.modules), process.env.npm_package_version ?? '0.1.0');
    return this.document;
  }
}
