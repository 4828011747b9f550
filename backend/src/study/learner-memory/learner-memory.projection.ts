import { Queryable, quoteIdent } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { Projection, TableNames } from '../../platform/projections/projection';
import { CardGraded, CardGradeUndone, CardLearned, type CardGradeUndoneData, type CardLearnedData } from '../card.events';
import { fitLearner, schedulers, type GradeLogEntry } from '../scheduler';
import { refitDue } from './refit-cadence';

export const LEARNER_MEMORY_PROJECTION = 'study_learner_memory';

interface LogRow {
  userId: string;
  position: number;
  eventId: string;
  course: string;
  materialType: string;
  materialId: number;
  grade: number;
  reviewedAt: string;
  intervalHours: number;
  undoneEventId: string | null;
}

/**
 * Each learner's fitted strength (issue 30): the grades fitLearner reads are copied to learner_grade_log, and a
 * learner is refitted from their whole log when enough new grades came in since the last fit (refit-cadence.ts).
 * Asynchronous: the grade's transaction does not pay for it, and the strength a grade uses is at most one batch
 * and one cadence old. Deterministic: the cadence counts grades, fitted_at is the triggering event's time, and
 * fitLearner is pure, so `projections:rebuild study_learner_memory` gives the same rows.
 */
export const learnerMemoryProjection: Projection = {
  name: LEARNER_MEMORY_PROJECTION,
  eventTypes: [CardLearned.type, CardGraded.type, CardGradeUndone.type],
  tables: ['learner_grade_log', 'learner_memory'],
  async apply(db: Queryable, events: RecordedEvent[], tables: TableNames) {
    const logTable = quoteIdent(tables.learner_grade_log);
    const memoryTable = quoteIdent(tables.learner_memory);
    const rows = events.map(logRowOf);
    if (!rows.length) return;
    await db.query(
      `insert into ${logTable} (user_id, position, event_id, course, material_type, material_id, grade, reviewed_at, undone_event_id, interval_hours)
       select * from unnest($1::uuid[], $2::bigint[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::smallint[], $8::timestamptz[], $9::uuid[], $10::int[])
       on conflict do nothing`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => r.position),
        rows.map((r) => r.eventId),
        rows.map((r) => r.course),
        rows.map((r) => r.materialType),
        rows.map((r) => r.materialId),
        rows.map((r) => r.grade),
        rows.map((r) => r.reviewedAt),
        rows.map((r) => r.undoneEventId),
        rows.map((r) => r.intervalHours),
      ],
    );
    // Per learner, walk the batch's rows in log order: the refit falls on the very grade at which the cadence is
    // due, wherever the batch boundaries lie (a rebuild in other batch sizes refits at the same grades).
    const users = [...new Set(rows.map((r) => r.userId))];
    const { rows: stored } = await db.query<{ user_id: string; grades_seen: number; grades_at_fit: number }>(
      `select user_id, grades_seen, grades_at_fit from ${memoryTable} where user_id = any($1::uuid[])`,
      [users],
    );
    const counts = new Map(users.map((u) => [u, { seen: 0, atFit: 0, fit: null as null | { position: number; at: string } }]));
    for (const r of stored) counts.set(r.user_id, { seen: r.grades_seen, atFit: r.grades_at_fit, fit: null });
    for (const r of rows) {
      const c = counts.get(r.userId)!;
      c.seen++;
      if (refitDue(c.seen, c.atFit)) {
        c.atFit = c.seen;
        c.fit = { position: r.position, at: r.reviewedAt };
      }
    }
    const due = users.filter((u) => counts.get(u)!.fit);
    // The due learners' logs up to their refit grade in one read (primary key order), then one fit each.
    const { rows: logs } = due.length
      ? await db.query<{ user_id: string; course: string; material_type: string; material_id: number; grade: number; reviewed_at: Date; event_id: string; undone_event_id: string | null; interval_hours: number }>(
          `select l.user_id, l.course, l.material_type, l.material_id, l.grade, l.reviewed_at, l.event_id, l.undone_event_id, l.interval_hours
             from unnest($1::uuid[], $2::bigint[]) d(user_id, upto)
             join ${logTable} l on l.user_id = d.user_id and l.position <= d.upto
            order by l.user_id, l.position`,
          [due, due.map((u) => counts.get(u)!.fit!.position)],
        )
      : { rows: [] };
    const byUser = new Map<string, GradeLogEntry[]>();
    for (const l of logs) {
      const entries = byUser.get(l.user_id) ?? [];
      entries.push({
        course: l.course,
        materialType: l.material_type,
        materialId: l.material_id,
        grade: l.grade,
        reviewedAt: l.reviewed_at.toISOString(),
        intervalHours: l.interval_hours,
        eventId: l.event_id,
        ...(l.undone_event_id ? { undoneEventId: l.undone_event_id } : {}),
      });
      byUser.set(l.user_id, entries);
    }
    const fitted = new Map(due.map((u) => [u, fitLearner(byUser.get(u) ?? []).strength ?? null]));
    const list = users.map((u) => ({ userId: u, ...counts.get(u)! }));
    await db.query(
      `insert into ${memoryTable} as t (user_id, grades_seen, grades_at_fit, strength, fitted_at, scheduler_version)
       select * from unnest($1::uuid[], $2::int[], $3::int[], $4::double precision[], $5::timestamptz[], $6::smallint[])
       on conflict (user_id) do update
         set grades_seen = excluded.grades_seen, grades_at_fit = excluded.grades_at_fit,
             -- a batch without a refit keeps the stored fit
             strength = case when excluded.fitted_at is null then t.strength else excluded.strength end,
             fitted_at = coalesce(excluded.fitted_at, t.fitted_at),
             scheduler_version = coalesce(excluded.scheduler_version, t.scheduler_version)`,
      [
        list.map((c) => c.userId),
        list.map((c) => c.seen),
        list.map((c) => c.atFit),
        list.map((c) => (c.fit ? fitted.get(c.userId) : null)),
        list.map((c) => c.fit?.at ?? null),
        list.map((c) => (c.fit ? FITTED_RULE_VERSION : null)),
      ],
    );
  },
};

/** The rule fitLearner replays the log through (the memory ladder's base intervals). */
const FITTED_RULE_VERSION = schedulers.memory.version;

function logRowOf(e: RecordedEvent): LogRow {
  if (e.type === CardGradeUndone.type) {
    const u = e.data as CardGradeUndoneData;
    return { ...cardOf(u), position: e.globalPosition, eventId: e.eventId, grade: u.undoneGrade, reviewedAt: u.undoneAt, intervalHours: 0, undoneEventId: u.undoneEventId };
  }
  const d = e.data as CardLearnedData;
  return { ...cardOf(d), position: e.globalPosition, eventId: e.eventId, grade: d.grade, reviewedAt: d.reviewedAt, intervalHours: d.intervalHours, undoneEventId: null };
}

function cardOf(d: { userId: string; course: string; materialType: string; materialId: number }) {
  return { userId: d.userId, course: d.course, materialType: d.materialType, materialId: d.materialId };
}
