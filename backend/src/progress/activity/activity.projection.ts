import { Queryable, quoteIdent } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import { TimeZoneSet } from '../../accounts';
import { calendarDay, CardGraded, CardGradeUndone, CardLearned, isValidTimeZone, type CardGradeUndoneData, type CardLearnedData } from '../../study';

export const ACTIVITY_PROJECTION = 'progress_activity';

// Zone names come from TimeZoneSet events (validated when set); checking one costs a DateTimeFormat, so the
// answers are remembered.
const zoneChecks = new Map<string, string>();
function validZone(zone: string): string {
  let checked = zoneChecks.get(zone);
  if (checked === undefined) {
    checked = isValidTimeZone(zone) ? zone : 'UTC';
    if (zoneChecks.size > 1_000) zoneChecks.clear();
    zoneChecks.set(zone, checked);
  }
  return checked;
}

interface Activity {
  userId: string;
  course: string;
  lessons: number;
  reviews: number;
  /** null: only undos in this batch (an undo does not move the last study time) */
  last: string | null;
}

/**
 * Study activity per user and course, for the awards: the calendar days studied (in the time zone the user had
 * when grading: TimeZoneSet events are folded in log order, so a replay finds the same days) and the numbers
 * of lesson and review grades. Days are inserted set-based; the study-day counter adds the days that were new.
 */
export const activityProjection: Projection = {
  name: ACTIVITY_PROJECTION,
  eventTypes: [CardLearned.type, CardGraded.type, CardGradeUndone.type, TimeZoneSet.type],
  tables: ['progress_user_timezones', 'progress_study_days', 'progress_activity'],
  async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
    const zonesTable = quoteIdent(tables.progress_user_timezones);
    const users = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
    const { rows } = await db.query<{ user_id: string; timezone: string }>(`select user_id, timezone from ${zonesTable} where user_id = any($1::uuid[])`, [users]);
    const zones = new Map(rows.map((r) => [r.user_id, r.timezone]));
    const changedZones = new Set<string>();
    const days = new Map<string, [string, string, string]>();
    const activity = new Map<string, Activity>();

    for (const e of events) {
      if (e.type === TimeZoneSet.type) {
        const { userId, timezone } = e.data as { userId: string; timezone: string };
        zones.set(userId, timezone);
        changedZones.add(userId);
        continue;
      }
      if (e.type === CardGradeUndone.type) {
        // A taken-back answer is not a lesson or review done (the learner answers the card again). The day stays
        // studied: the learner did study that day (docs/decisions.md "Undo").
        const u = e.data as CardGradeUndoneData;
        const key = `${u.userId}|${u.course}`;
        const a = activity.get(key) ?? { userId: u.userId, course: u.course, lessons: 0, reviews: 0, last: null };
        if (u.undoneType === CardLearned.type) a.lessons -= 1;
        else a.reviews -= 1;
        activity.set(key, a);
        continue;
      }
      const d = e.data as CardLearnedData;
      const zone = zones.get(d.userId) ?? 'UTC';
      const day = calendarDay(new Date(d.reviewedAt), validZone(zone));
      days.set(`${d.userId}|${d.course}|${day}`, [d.userId, d.course, day]);
      const key = `${d.userId}|${d.course}`;
      const a = activity.get(key) ?? { userId: d.userId, course: d.course, lessons: 0, reviews: 0, last: d.reviewedAt };
      if (e.type === CardLearned.type) a.lessons += 1;
      else a.reviews += 1;
      if (a.last === null || new Date(d.reviewedAt) > new Date(a.last)) a.last = d.reviewedAt;
      activity.set(key, a);
    }

    if (changedZones.size) {
      const ids = [...changedZones];
      await db.query(
        `insert into ${zonesTable} as t (user_id, timezone) select * from unnest($1::uuid[], $2::text[])
         on conflict (user_id) do update set timezone = excluded.timezone`,
        [ids, ids.map((id) => zones.get(id))],
      );
    }
    if (!activity.size) return;
    const dayRows = [...days.values()];
    const acts = [...activity.values()];
    await db.query(
      `with new_days as (
         insert into ${quoteIdent(tables.progress_study_days)} (user_id, course, day)
         select * from unnest($1::uuid[], $2::text[], $3::date[])
         on conflict do nothing
         returning user_id, course
       ), added as (select user_id, course, count(*)::int as n from new_days group by user_id, course)
       insert into ${quoteIdent(tables.progress_activity)} as t (user_id, course, lessons, reviews, study_days, last_studied_at)
       select a.user_id, a.course, a.lessons, a.reviews, coalesce(added.n, 0),
              -- an undo-only row keeps the stored time (the proposed row must satisfy not null before the upsert)
              coalesce(a.last, (select p.last_studied_at from ${quoteIdent(tables.progress_activity)} p where p.user_id = a.user_id and p.course = a.course), 'epoch')
         from unnest($4::uuid[], $5::text[], $6::bigint[], $7::bigint[], $8::timestamptz[]) a(user_id, course, lessons, reviews, last)
         left join added on added.user_id = a.user_id and added.course = a.course
       on conflict (user_id, course) do update
         set lessons = t.lessons + excluded.lessons, reviews = t.reviews + excluded.reviews,
             study_days = t.study_days + excluded.study_days, last_studied_at = greatest(t.last_studied_at, excluded.last_studied_at)`,
      [
        dayRows.map((r) => r[0]),
        dayRows.map((r) => r[1]),
        dayRows.map((r) => r[2]),
        acts.map((a) => a.userId),
        acts.map((a) => a.course),
        acts.map((a) => a.lessons),
        acts.map((a) => a.reviews),
        acts.map((a) => a.last),
      ],
    );
  },
};
