import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { executeCommand } from '../../platform/event-store/command-path';
import { EventStore } from '../../platform/event-store/event-store';
import { RecordedEvent } from '../../platform/event-store/event-store.types';
import { waitForProjection } from '../../platform/projections/projection-admin';
import { Projection } from '../../platform/projections/projection';
import { awardsEarned, CardGraded, CardLearned, unservedCardCounts, type CardLearnedData, type Course, type CourseProgress } from '../../study';
import { ACTIVITY_PROJECTION } from '../activity/activity.projection';
import { awardEventId } from '../award.events';
import { levelCardCounts } from '../catalogue-counts';
import { LEVELS_PROJECTION } from '../levels/levels.projection';
import { awardsAggregate, decideAwards } from './awards.aggregate';

export const AWARDS_REACTOR = 'awards_reactor';

interface Touched {
  userId: string;
  course: Course;
  lastAt: string;
  lastEventId: string;
}

/**
 * The awards reactor: a subscription to the card events, not a projection. For every user and course a
 * batch touches, it waits until the progress read models have applied the batch, checks the award criteria
 * (awards.ts) and, through the command path, appends AwardGranted for each award earned and not granted yet
 * (decideAwards on the fold of the learner's awards stream, at that stream's version). Event ids are derived
 * from (user, course, award), so each award is granted once whatever happens; the appends commit in the
 * transaction that moves the reactor's checkpoint, so a batch has its effect exactly once. It is run by its
 * own ProjectionRunner (for the lease and the checkpoint) and is not in the ProjectionRegistry: rebuilding
 * the read models never re-runs it.
 */
export function awardsReactor(pool: Pool, options: { waitMs?: number } = {}): Projection {
  const store = new EventStore(pool);
  const waitMs = options.waitMs ?? 10_000;
  return {
    name: AWARDS_REACTOR,
    eventTypes: [CardLearned.type, CardGraded.type],
    tables: [],
    // Before the batch's transaction, holding no connection (issue 28): the read models the criteria read must have
    // applied the batch first.
    async beforeApply(events: RecordedEvent[]) {
      const last = events[events.length - 1];
      const target = { tx: last.transactionId, position: last.globalPosition };
      for (const name of [LEVELS_PROJECTION, ACTIVITY_PROJECTION]) {
        if (!(await waitForProjection(pool, name, target, waitMs))) {
          throw new Error(`awards: the ${name} read model has not reached position ${target.position} yet; the batch is retried`);
        }
      }
    },
    async apply(db: Queryable, events: RecordedEvent[]) {
      const touched = new Map<string, Touched>();
      for (const e of events) {
        const d = e.data as CardLearnedData;
        touched.set(`${d.userId}|${d.course}`, { userId: d.userId, course: d.course, lastAt: d.reviewedAt, lastEventId: e.eventId });
      }
      const list = [...touched.values()];
      const progress = await progressOf(db, list);
      const earning = list.map((t, i) => ({ t, progress: progress[i], ids: awardsEarned(progress[i]).map((a) => awardEventId(t.userId, t.course, a)) }));
      const ids = earning.flatMap((e) => e.ids);
      if (!ids.length) return;
      // One query for the batch: most learners touched have every award they earn granted already, and only one
      // with something new pays for the read of their awards stream.
      const { rows } = await db.query<{ event_id: string }>('select event_id from events where event_id = any($1::uuid[])', [ids]);
      const granted = new Set(rows.map((r) => r.event_id));
      for (const { t, progress: p, ids: earned } of earning) {
        if (earned.every((id) => granted.has(id))) continue;
        await executeCommand({ db, store }, awardsAggregate, { userId: t.userId, course: t.course }, (state) => decideAwards(state, p, t.lastAt), {
          metadata: { actorId: null, actor: AWARDS_REACTOR, causationId: t.lastEventId, correlationId: t.lastEventId },
        });
      }
    },
  };
}

async function progressOf(db: Queryable, list: Touched[]): Promise<CourseProgress[]> {
  const { rows } = await db.query(
    `select k.user_id, k.course,
            coalesce(c.learned, 0)::int as learned, coalesce(c.better, 0)::int as better, coalesce(c.mastered, 0)::int as mastered,
            coalesce(a.study_days, 0)::int as study_days, coalesce(a.reviews, 0)::int as reviews, coalesce(l.level, 1)::int as level
       from unnest($1::uuid[], $2::text[]) with ordinality k(user_id, course, i)
       left join lateral (select sum(learning + intermediate + mastered) as learned, sum(intermediate + mastered) as better, sum(mastered) as mastered
                            from progress_level_counts c where c.user_id = k.user_id and c.course = k.course) c on true
       left join progress_activity a on a.user_id = k.user_id and a.course = k.course
       left join progress_levels l on l.user_id = k.user_id and l.course = k.course
      order by k.i`,
    [list.map((t) => t.userId), list.map((t) => t.course)],
  );
  const catalogue = await levelCardCounts(db, [...new Set(list.map((t) => t.course))]);
  // Cards of materials not served now (retired words) do not count: "every card intermediate" means every
  // card the course teaches today; a card still missing its sentence is one not learned yet (no gold).
  const unserved = await unservedCardCounts(db, list);
  return rows.map((r) => {
    const off = [...(unserved.get(`${r.user_id}|${r.course}`)?.values() ?? [])];
    const sum = (f: (u: { learning: number; intermediate: number; mastered: number }) => number) => off.reduce((a, u) => a + f(u), 0);
    return {
      cardsLearned: Math.max(0, r.learned - sum((u) => u.learning + u.intermediate + u.mastered)),
      cardsIntermediateOrBetter: Math.max(0, r.better - sum((u) => u.intermediate + u.mastered)),
      cardsMastered: Math.max(0, r.mastered - sum((u) => u.mastered)),
      studyDays: r.study_days,
      reviews: r.reviews,
      level: r.level,
      courseCards: [...(catalogue.get(r.course)?.values() ?? [])].reduce((a, b) => a + b, 0),
    };
  });
}
