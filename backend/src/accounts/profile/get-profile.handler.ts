import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Profile, ProfileQuery } from './profile.query';

/** GET /api/users/profile: the signed-in user's profile. */
export class GetProfileQuery extends Query<Profile> {
  constructor(readonly input: { userId: string }) {
    super();
  }
}

@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery> {
  constructor(private readonly profiles: ProfileQuery) {}
  execute({ input }: GetProfileQuery) {
    return this.profiles.get(input.userId);
  }
}
