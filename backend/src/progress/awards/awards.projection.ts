import { Queryable, quoteIdent } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import { AwardGranted, type AwardGrantedData } from '../award.events';

export const AWARDS_PROJECTION = 'progress_awards';

/** The awards each user was granted per course, with the date (read by GET /api/users/course_mastery). */
export const awardsProjection: Projection = {
  name: AWARDS_PROJECTION,
  eventTypes: [AwardGranted.type],
  tables: ['progress_awards'],
  async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
    const data = events.map((e) => e.data as AwardGrantedData);
    await db.query(
      `insert into ${quoteIdent(tables.progress_awards)} (user_id, course, award_id, granted_at)
       select * from unnest($1::uuid[], $2::text[], $3::smallint[], $4::timestamptz[])
       on conflict do nothing`,
      [data.map((d) => d.userId), data.map((d) => d.course), data.map((d) => d.awardId), data.map((d) => d.grantedAt)],
    );
  },
};
