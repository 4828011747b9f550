import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { isWellFormedToken, newToken } from '../sessions';

/** GET /api/auth/csrf: the CSRF token to use, the one the client already has if it is well formed. */
export class GetCsrfTokenQuery extends Query<{ token: string }> {
  constructor(readonly input: { existing: string | undefined }) {
    super();
  }
}

@QueryHandler(GetCsrfTokenQuery)
export class GetCsrfTokenHandler implements IQueryHandler<GetCsrfTokenQuery> {
  async execute({ input }: GetCsrfTokenQuery) {
    return { token: isWellFormedToken(input.existing) ? input.existing : newToken() };
  }
}
