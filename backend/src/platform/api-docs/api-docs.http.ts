import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetApiDocsQuery } from './api-docs.handler';

/** GET /api/docs: the OpenAPI 3.1 document of this API (public, like the routes it describes). */
@Controller('api/docs')
export class ApiDocsHttp {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Header('cache-control', 'no-cache')
  docs() {
    return this.queries.execute(new GetApiDocsQuery());
  }
}
