import { Inject, Injectable, Optional } from '@nestjs/common';
import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import type { Mastery } from '../card.events';
import { FREE_LEVEL, MAX_LEVEL, type Course, type MaterialType } from '../courses';
import { flashcardView, type FlashcardView, type MaterialRef } from '../flashcard.view';
import { ServableTotals } from '../servable-totals';
import { fixedLevelOne, STUDY_LEVELS, type StudyLevels } from '../study-levels.port';

export interface NextCard {
  flashcard: FlashcardView | null;
  /** minutes until the next review is due: 0 when one is due now, null when nothing is learned */
  user_next_review_in_minutes: number | null;
  /** reviews due now */
  review_count: number;
  /** new cards the user may learn now (levels up to theirs; level 1 only without a subscription) */
  new_available: number;
  /** cards learned in the course */
  learned_count: number;
  /** GET …&after=<id> only: echoes the card looked past, so the client knows the server looked ahead */
  after?: string;
  /**
   * The levels open to the learner (up to the new-card level) of which some cards cannot be served yet (their
   * sentence is not written): the study screen says "N of M cards available". Empty when the course is whole.
   */
  incomplete_levels: Array<{ level: number; available: number; cards: number }>;
}

export interface NextCardQuery {
  userId: string;
  course: Course;
  now: Date;
  subscriptionActive: boolean;
  /** true: a new card first (a lesson batch goes on), then a due review; false: due reviews first */
  preferNew: boolean;
  /** a card to look past: the one on the learner's screen, whose follower the study panel asks for ahead */
  skip?: { materialType: MaterialType; materialId: number };
}

/** A material and, when learned, the user's card of it. */
export interface MaterialWithCard extends MaterialRef {
  servable: boolean;
  card: {
    level: number;
    attempts: number;
    mastery: Mastery;
    interval_hours: number;
    due_at: Date;
    last_reviewed_at: Date;
    learned_at: Date;
    version: number;
  } | null;
}

/** Reviews are paywalled by level like lessons: without a subscription only level-1 cards are served. */
export function reviewableLevel(subscriptionActive: boolean): number {
  return subscriptionActive ? MAX_LEVEL : FREE_LEVEL;
}

const CARD_JSON = `json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
  'level', m.level, 'data', m.data, 'card', json_build_object('level', c.level, 'attempts', c.attempts, 'mastery', c.mastery,
  'interval_hours', c.interval_hours, 'due_at', c.due_at, 'version', c.version))`;
const NEW_JSON = `json_build_object('material_type', m.material_type, 'material_id', m.material_id, 'course', m.course,
  'level', m.level, 'data', m.data, 'card', null)`;

// One round trip. The two candidate cards are scalar subqueries inside coalesce: PostgreSQL evaluates the
// second one only when the first finds nothing, so a learner with reviews due never pays for the lesson scan.
// $1 user, $2 course, $3 now, $4 highest reviewable level, $5 true with a subscription (new cards up to the
// user's level, which `level` reads), else level 1 only; in the card statements $6/$7 a material to look past
// (the card on the learner's screen, for the look-ahead), null for none.
function nextCardSql(level: string) {
  const newLevel = `(case when $5::boolean then greatest(1, least(${MAX_LEVEL}, (${level}))) else ${FREE_LEVEL} end)`;
  // The first due card that may be served comes from study_first_due (migration 034), which walks
  // card_states_due in due order: as a join with a limit here, the cached plan read every due card first.
  const review = `(select ${CARD_JSON} from study_first_due($1, $2, $3, $4, $6::text, $7::int) d
    join card_states c on c.user_id = $1 and c.course = $2 and c.material_type = d.material_type and c.material_id = d.material_id
    join materials m on m.material_type = d.material_type and m.material_id = d.material_id)`;
  // The first unlearned material in lesson order comes from study_first_unlearned (migration 032), which walks
  // the lesson index from the learner's lesson floor: its cost does not grow with the cards already learned.
  const lesson = `(select ${NEW_JSON} from study_first_unlearned($1, $2, $6::text, $7::int) u
    join materials m on m.material_type = u.material_type and m.material_id = u.material_id
   where u.level <= (select new_level from params))`;
  // One pass over the user's cards of the course gives the learned, open-level and due counts. Cards whose
  // material is not served (retired, or without a sentence) are neither due nor open: they are never shown
  // (card_states.servable mirrors materials.servable, migration 040; card_states_due carries it).
  const counts = `
  (select due from mine)::int as review_count,
  (select min(c.due_at) from card_states c where c.user_id = $1 and c.course = $2 and c.level <= $4 and c.servable) as next_due,
  (select learned from mine)::int as learned_count,
  (select new_level from params) as new_level,
  (select learned_open from mine)::int as learned_open`;
  const params = `with params as materialized (select ${newLevel}::int as new_level),
    mine as materialized (select count(*) as learned, count(*) filter (where c.level <= (select new_level from params) and c.servable) as learned_open,
                                 count(*) filter (where c.due_at <= $3 and c.level <= $4 and c.servable) as due
                            from card_states c where c.user_id = $1 and c.course = $2)`;
  return {
    reviewFirst: `${params} select coalesce(${review}, ${lesson}) as card, ${counts}`,
    newFirst: `${params} select coalesce(${lesson}, ${review}) as card, ${counts}`,
    countsOnly: `${params} select null::json as card, ${counts}`,
  };
}

interface NextRow {
  card: (MaterialRef & { card: MaterialWithCard['card'] }) | null;
  review_count: number;
  next_due: Date | null;
  learned_count: number;
  /** the highest level new cards come from */
  new_level: number;
  /** the learned cards of levels up to new_level */
  learned_open: number;
}

/** GetFlashcard: the next card of a course for a learner, and the counts the study panel shows. */
@Injectable()
export class FlashcardQueries {
  private readonly sql: ReturnType<typeof nextCardSql>;
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly totals: ServableTotals,
    @Optional() @Inject(STUDY_LEVELS) levels?: StudyLevels,
  ) {
    this.sql = nextCardSql((levels ?? fixedLevelOne).levelSql);
  }

  async next(query: NextCardQuery, db: Queryable = this.pool): Promise<NextCard> {
    const [name, text] = query.preferNew ? ['study_next_new_first', this.sql.newFirst] : ['study_next_review_first', this.sql.reviewFirst];
    return this.run(name, text, query, [query.skip?.materialType ?? null, query.skip?.materialId ?? null], db);
  }

  /** The counts only, with a given card (GET with material_type and material_id). */
  async withCard(query: NextCardQuery, flashcard: FlashcardView, db: Queryable = this.pool): Promise<NextCard> {
    return { ...(await this.run('study_next_counts', this.sql.countsOnly, query, [], db)), flashcard };
  }

  // Named statements: parsed once per connection (these run on every card shown and every grade).
  private async run(name: string, text: string, q: NextCardQuery, more: unknown[], db: Queryable): Promise<NextCard> {
    // Usually from memory; read alongside the query when the catalogue changed.
    const totals = this.totals.both(q.course);
    totals.catch(() => undefined); // awaited below; only keeps a failure during the query from going unhandled
    const { rows } = await db.query<NextRow>({ name, text, values: [
      q.userId,
      q.course,
      q.now,
      reviewableLevel(q.subscriptionActive),
      q.subscriptionActive,
      ...more,
    ] });
    const row = rows[0];
    // New cards available: the servable materials up to the user's new-card level (kept per catalogue
    // revision) less the served ones learned; never negative (a card learned at a lower level than its
    // material's level now).
    const { servable, cards } = await totals;
    const open = servable.slice(1, row.new_level + 1).reduce((a, b) => a + b, 0);
    const incomplete = [];
    for (let level = 1; level <= row.new_level; level++) {
      if (cards[level] > servable[level]) incomplete.push({ level, available: servable[level], cards: cards[level] });
    }
    return {
      incomplete_levels: incomplete,
      flashcard: row.card ? flashcardView(row.card, row.card.card) : null,
      user_next_review_in_minutes: row.next_due === null ? null : minutesUntil(row.next_due, q.now),
      review_count: row.review_count,
      new_available: Math.max(0, open - row.learned_open),
      learned_count: row.learned_count,
    };
  }

  /** One material with the user's card of it (null when it does not exist). */
  async material(userId: string, materialType: MaterialType, materialId: number, db: Queryable = this.pool): Promise<MaterialWithCard | null> {
    const { rows } = await db.query<MaterialCardRow>({
      name: 'study_material_with_card',
      text: `${MATERIAL_WITH_CARD} where m.material_type = $2 and m.material_id = $3`,
      values: [userId, materialType, materialId],
    });
    return rows[0] ? materialWithCardOf(rows[0]) : null;
  }

  /**
   * The grade's read, in one round trip: the material with the user's card, and the request hash recorded for
   * this Idempotency-Key when a grade was already recorded with it (null otherwise).
   */
  async materialForGrade(
    userId: string,
    materialType: MaterialType,
    materialId: number,
    idempotency: { scope: string; key: string } | undefined,
  ): Promise<{ material: MaterialWithCard | null; recordedRequestHash: string | null; streamVersion: number }> {
    // stream_version: the card stream's version, read only when there is no card state (coalesce evaluates its
    // second argument only then): a card whose lesson was undone is new again but its stream goes on. The stream id
    // is cardStreamId() spelled in SQL: the course comes from the material this same query reads.
    const { rows } = await this.pool.query<MaterialCardRow & { recorded_request_hash: string | null; stream_version: string | null }>({
      name: 'study_material_for_grade',
      text: `select g.*, (select i.request_hash from idempotency_keys i where i.scope = $4 and i.key = $5) as recorded_request_hash,
                    coalesce(g.version, (select s.version from streams s
                                          where s.stream_id = 'card-' || $1::text || '-' || g.course || '-' || g.material_type || '-' || g.material_id)) as stream_version
               from (select 1) one left join lateral (${MATERIAL_WITH_CARD} where m.material_type = $2 and m.material_id = $3) g on true`,
      values: [userId, materialType, materialId, idempotency?.scope ?? null, idempotency?.key ?? null],
    });
    const row = rows[0];
    return {
      material: row.material_type === null ? null : materialWithCardOf(row),
      recordedRequestHash: row.recorded_request_hash,
      streamVersion: Number(row.stream_version ?? 0),
    };
  }
}

const MATERIAL_WITH_CARD = `select m.material_type, m.material_id, m.course, m.level, m.servable, m.data,
    c.level as card_level, c.attempts, c.mastery, c.interval_hours, c.due_at, c.last_reviewed_at, c.learned_at, c.version
   from materials m
   left join card_states c on c.user_id = $1 and c.course = m.course and c.material_type = m.material_type and c.material_id = m.material_id`;

interface MaterialCardRow {
  material_type: MaterialType;
  material_id: number;
  course: Course;
  level: number;
  servable: boolean;
  data: MaterialWithCard['data'];
  card_level: number;
  attempts: number | null;
  mastery: Mastery;
  interval_hours: number;
  due_at: Date;
  last_reviewed_at: Date;
  learned_at: Date;
  version: string;
}

function materialWithCardOf(r: MaterialCardRow): MaterialWithCard {
  return {
    material_type: r.material_type,
    material_id: r.material_id,
    course: r.course,
    level: r.level,
    servable: r.servable,
    data: r.data,
    card:
      r.attempts === null
        ? null
        : {
            level: r.card_level,
            attempts: r.attempts,
            mastery: r.mastery,
            interval_hours: r.interval_hours,
            due_at: r.due_at,
            last_reviewed_at: r.last_reviewed_at,
            learned_at: r.learned_at,
            version: Number(r.version),
          },
  };
}

/**
 * The card a session goes on with after the one on screen is graded (the grade's answer and the look-ahead):
 * fetch_new false means "go on with due reviews", so once none is left the session ends (null) instead of
 * sliding into a new lesson card the learner did not ask for.
 */
export function continuation(next: NextCard, fetchNew: boolean): NextCard {
  return !fetchNew && next.flashcard?.attempts === 0 ? { ...next, flashcard: null } : next;
}

export function minutesUntil(due: Date | string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(due).getTime() - now.getTime()) / 60_000));
}

/** 404 for a material that does not exist, is not served (would be an "Invalid card"), or is in another course. */
export function servableOrNotFound(material: MaterialWithCard | null, id: string, course?: Course): MaterialWithCard {
  if (!material || !material.servable || (course !== undefined && material.course !== course)) {
    throw new AppError('not_found', course ? `There is no card ${id} in the ${course} course.` : `There is no card ${id}.`);
  }
  return material;
}

/** 402 when the card's level (now, or when it was learned) needs a subscription the user does not have. */
export function assertCardOpen(material: MaterialWithCard, subscriptionActive: boolean): void {
  const level = Math.max(material.level, material.card?.level ?? FREE_LEVEL);
  if (level > FREE_LEVEL && !subscriptionActive) {
    throw new AppError('payment_required', `Level ${level} is for subscribers. Subscribe to study beyond level ${FREE_LEVEL}.`);
  }
}
