import { Inject, Injectable, Optional } from '@nestjs/common';
import { Pool } from 'pg';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import type { Mastery } from '../card.events';
import { FREE_LEVEL, MAX_LEVEL, type Course, type MaterialType } from '../courses';
import type { CardMemory } from '../scheduler';
import { flashcardView, learnerOf, type FlashcardView, type MaterialRef } from '../flashcard.view';
import { ServableTotals } from '../servable-totals';
import { fixedLevelOne, STUDY_LEVELS, type StudyLevels } from '../study-levels.port';

export interface NextCard {
  flashcard: FlashcardView | null;
  /** minutes until the next review is due: 0 when one is due now, null when nothing is learned */
  user_next_review_in_minutes: number | null;
  /** reviews due now */
  review_count: number;
  /**
   * A catch-up plan running (and not gone on past today): the reviews the next-card query will still serve today,
   * the day's share less what is done (0 once it is); the session counts these, not the whole pile. Null otherwise.
   */
  plan_left_today: number | null;
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
    memory: CardMemory | null;
    lapses: number;
    leech_since: Date | null;
    version: number;
  } | null;
}

/** Reviews are paywalled by level like lessons: without a subscription only level-1 cards are served. */
export function reviewableLevel(subscriptionActive: boolean): number {
  return subscriptionActive ? MAX_LEVEL : FREE_LEVEL;
}

/**
 * The learner's new-card level as an SQL expression over $1 (user id), $2 (course) and the given boolean
 * parameter (the subscription): new cards up to the user's level (the StudyLevels port's expression), or level 1
 * only without a subscription.
 */
export function newCardLevelSql(levelSql: string, subscriptionParam: string): string {
  return `(case when ${subscriptionParam}::boolean then greatest(1, least(${MAX_LEVEL}, (${levelSql}))) else ${FREE_LEVEL} end)::int`;
}

// One round trip: study_next_card (migration 044) holds the next-card query, shared with the grade's write
// (study_grade), which answers its next card in its own round trip. $1 user, $2 course, $3 now, $4 highest
// reviewable level, $5 true with a subscription, $6 prefer a new card, $7/$8 a material to look past (the card on
// the learner's screen, for the look-ahead), $9 false for the counts only.
// known_words: the card's breakdown words the learner knows (study_known_words, migration 047), read on the card
// the function returns, in the same statement.
function nextCardSql(levelSql: string): string {
  return `select n.card, n.review_count, n.next_due, n.learned_count, n.new_level, n.learned_open, n.plan_left_today,
                 study_known_words($1::uuid, (n.card->'data')::jsonb) as known_words, ${LEARNER_STRENGTH_SQL} as learner_strength
            from study_next_card($1, $2, $3, $4, ${newCardLevelSql(levelSql, '$5')}, $6, $7::text, $8::int, $9) n`;
}

/**
 * The learner's fitted strength (learner_memory, migration 049) as a scalar subquery on $1 (the user): one
 * primary-key lookup folded into the statement that reads the card, so the grade buttons' preview and the grade
 * cost no extra round trip. Null: not fitted yet.
 */
export const LEARNER_STRENGTH_SQL = '(select lm.strength from learner_memory lm where lm.user_id = $1::uuid)';

/** study_next_card's columns (migration 044; plan_left_today 057). */
export interface NextRow {
  card: (MaterialRef & { card: MaterialWithCard['card'] }) | null;
  review_count: number;
  next_due: Date | null;
  learned_count: number;
  /** the highest level new cards come from */
  new_level: number;
  /** the learned cards of levels up to new_level */
  learned_open: number;
  /** the day's share of a catch-up plan still to serve (migration 057); null without one */
  plan_left_today: number | null;
  /** the card's breakdown words the learner knows (Intermediate or Mastered vocab cards) */
  known_words?: string[] | null;
  /** learner_memory.strength (LEARNER_STRENGTH_SQL); null: not fitted yet */
  learner_strength?: number | null;
}

/** GetFlashcard: the next card of a course for a learner, and the counts the study panel shows. */
@Injectable()
export class FlashcardQueries {
  private readonly sql: string;
  /** The StudyLevels port's level expression, for statements that read the next card along with more (the grade). */
  readonly levelSql: string;
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly totals: ServableTotals,
    @Optional() @Inject(STUDY_LEVELS) levels?: StudyLevels,
  ) {
    this.levelSql = (levels ?? fixedLevelOne).levelSql;
    this.sql = nextCardSql(this.levelSql);
  }

  async next(query: NextCardQuery, db: Queryable = this.pool): Promise<NextCard> {
    return this.run(query, true, db);
  }

  /** The counts only, with a given card (GET with material_type and material_id). */
  async withCard(query: NextCardQuery, flashcard: FlashcardView, db: Queryable = this.pool): Promise<NextCard> {
    return { ...(await this.run(query, false, db)), flashcard };
  }

  // A named statement: parsed once per connection (it runs on every card shown).
  private async run(q: NextCardQuery, withCard: boolean, db: Queryable): Promise<NextCard> {
    // Usually from memory; read alongside the query when the catalogue changed.
    const totals = this.totals.both(q.course);
    totals.catch(() => undefined); // awaited below; only keeps a failure during the query from going unhandled
    const { rows } = await db.query<NextRow>({ name: 'study_next_card', text: this.sql, values: [
      q.userId,
      q.course,
      q.now,
      reviewableLevel(q.subscriptionActive),
      q.subscriptionActive,
      q.preferNew,
      q.skip?.materialType ?? null,
      q.skip?.materialId ?? null,
      withCard,
    ] });
    return this.nextCardOf(rows[0], q, await totals);
  }

  /**
   * The next card and counts from study_next_card's columns (here, or read by the grade's write in its own
   * round trip), with the catalogue's totals for the course.
   */
  async nextCardFrom(row: NextRow, q: Pick<NextCardQuery, 'course' | 'now'>): Promise<NextCard> {
    return this.nextCardOf(row, q, await this.totals.both(q.course));
  }

  private nextCardOf(row: NextRow, q: Pick<NextCardQuery, 'now'>, { servable, cards }: Awaited<ReturnType<ServableTotals['both']>>): NextCard {
    // New cards available: the servable materials up to the user's new-card level (kept per catalogue
    // revision) less the served ones learned; never negative (a card learned at a lower level than its
    // material's level now).
    const open = servable.slice(1, row.new_level + 1).reduce((a, b) => a + b, 0);
    const incomplete = [];
    for (let level = 1; level <= row.new_level; level++) {
      if (cards[level] > servable[level]) incomplete.push({ level, available: servable[level], cards: cards[level] });
    }
    return {
      incomplete_levels: incomplete,
      flashcard: row.card ? flashcardView({ ...row.card, known_words: row.known_words ?? [], learner: learnerOf(row.learner_strength) }, row.card.card) : null,
      user_next_review_in_minutes: row.next_due === null ? null : minutesUntil(row.next_due, q.now),
      review_count: row.review_count,
      plan_left_today: row.plan_left_today ?? null,
      new_available: Math.max(0, open - row.learned_open),
      learned_count: row.learned_count,
    };
  }

  /** One material with the user's card of it (null when it does not exist). */
  async material(userId: string, materialType: MaterialType, materialId: number, db: Queryable = this.pool): Promise<MaterialWithCard | null> {
    const { rows } = await db.query<MaterialCardRow>({
      name: 'study_material_with_card',
      text: `select g.*, study_known_words($1::uuid, g.data) as known_words from (${MATERIAL_WITH_CARD} where m.material_type = $2 and m.material_id = $3) g`,
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

const MATERIAL_WITH_CARD = `select m.material_type, m.material_id, m.course, m.level, m.servable, m.data, ${LEARNER_STRENGTH_SQL} as learner_strength,
    c.level as card_level, c.attempts, c.mastery, c.interval_hours, c.due_at, c.last_reviewed_at, c.learned_at, c.memory, c.lapses, c.leech_since, c.version
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
  memory: CardMemory | null;
  lapses: number;
  leech_since: Date | null;
  version: string;
  /** only where the read asks for it (study_known_words) */
  known_words?: string[] | null;
  learner_strength: number | null;
}

function materialWithCardOf(r: MaterialCardRow): MaterialWithCard {
  return {
    material_type: r.material_type,
    material_id: r.material_id,
    course: r.course,
    level: r.level,
    servable: r.servable,
    data: r.data,
    ...(r.known_words ? { known_words: r.known_words } : {}),
    learner: learnerOf(r.learner_strength),
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
            memory: r.memory,
            lapses: r.lapses,
            leech_since: r.leech_since,
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
