import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { Clock, CLOCK } from '../../platform/clock';
import { MetricsService } from '../../platform/metrics/metrics.service';
import { PG_POOL } from '../../platform/database/database.module';
import { ConcurrencyError } from '../../platform/errors/app-error';
import { appendArguments, appendFailure, EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { idempotencyMismatch, type IdempotencyRequest } from '../../platform/http/idempotency.interceptor';
import { CARD_STREAM_TYPE, cardStreamId, type GradeEvent } from '../card.events';
import { cardStateOf, cardStateRecord } from '../card-states.store';
import { type CardState, evolve, initialCardState } from '../card.state';
import { flashcardRefOrFail, flashcardView, type FlashcardView } from '../flashcard.view';
import {
  assertCardOpen,
  continuation,
  FlashcardQueries,
  LEARNER_STRENGTH_SQL,
  newCardLevelSql,
  reviewableLevel,
  servableOrNotFound,
  type MaterialWithCard,
  type NextCard,
  type NextRow,
} from '../get-flashcard/get-flashcard.query';
import { gradeEventId } from '../ids';
import { fixedLevelOne, STUDY_LEVELS, StudyLevels } from '../study-levels.port';
import { loadAnswerKey } from '../typed-answer/answer-key.store';
import { judgeTypedAnswer, type Judgement, type TypedAnswerInput } from '../typed-answer/judge';
import { decideGrade } from './grade-card.decide';

/** GradeCard: what POST /api/flashcard carries, plus who sends it. */
export interface GradeCard {
  userId: string;
  subscriptionActive: boolean;
  /** flashcard_id "<material_type>-<material_id>" */
  id: string;
  grade: number;
  /** true: the next card should be a new one (the lesson batch goes on); false: due reviews first */
  fetchNew: boolean;
  /** the card version the client showed; a grade recorded meanwhile (another tab) makes this one a 409 */
  version?: number;
  /** a review answered by typing: judged here (one more read), never by the client */
  typed?: TypedAnswerInput;
  /** the Idempotency-Key with its scope and the request's hash (see @Idempotent('handler')) */
  idempotency?: IdempotencyRequest;
  metadata: EventMetadata;
}

export interface GradeCardResult {
  flashcard: FlashcardView;
  new_flashcard: FlashcardView | null;
  new_level: number | null;
  user_next_review_in_minutes: number | null;
  review_count: number;
  /** the day's share of a catch-up plan still to serve after this grade (NextCard.plan_left_today) */
  plan_left_today: number | null;
  new_available: number;
  learned_count: number;
  /** the typed answer as judged and recorded (only when one was sent and recorded now) */
  typed_answer?: { verdict: 'correct' | 'wrong'; retried: boolean; diagnosis: Judgement['diagnosis']; grade: number };
}

/** The answer and whether it repeats a grade recorded before (the Idempotency-Key's replay). */
export type GradeCardOutcome = GradeCardResult & { replayed: boolean };

/** How long a grade response waits for the level read model to apply the grade (read-your-writes). */
export const NEW_LEVEL_WAIT_MS = 1_500;

export const GRADED_ELSEWHERE = 'This card was just graded in another tab or device. Reload to continue.';

/**
 * POST /api/flashcard: grade a card. (Not `GradeCardCommand`: that name is the decision's input in
 * grade-card.decide.ts, exported by the context.)
 */
export class GradeFlashcardCommand extends Command<GradeCardOutcome> {
  constructor(readonly input: GradeCard) {
    super();
  }
}

@CommandHandler(GradeFlashcardCommand)
export class GradeCardHandler implements ICommandHandler<GradeFlashcardCommand> {
  private readonly levels: StudyLevels;
  /** study_grade's statement: the write and the next card in one round trip (migration 044). */
  private readonly gradeSql: string;
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly queries: FlashcardQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(STUDY_LEVELS) levels?: StudyLevels,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.levels = levels ?? fixedLevelOne;
    this.gradeSql = gradeStatement(this.queries.levelSql);
  }

  execute(command: GradeFlashcardCommand): Promise<GradeCardOutcome> {
    return this.handle(command.input);
  }

  /**
   * Two round trips after the session: read (material, card, the key's record), and write (study_grade: event,
   * card state, key, lesson floor and then the next card with the counts; one statement, so one commit). A grade
   * that may raise the level reads its next card in a third, once the level read model has applied it.
   */
  async handle(command: GradeCard): Promise<GradeCardOutcome> {
    const ref = flashcardRefOrFail(command.id);
    const read = await this.queries.materialForGrade(command.userId, ref.materialType, ref.materialId, command.idempotency);
    if (read.recordedRequestHash !== null && read.recordedRequestHash !== command.idempotency?.requestHash) throw idempotencyMismatch();
    const material = servableOrNotFound(read.material, command.id);
    assertCardOpen(material, command.subscriptionActive);
    const now = this.clock.now();

    // A grade already recorded with this key: answer it again from the card's current state, record nothing.
    if (read.recordedRequestHash !== null) {
      return { ...(await this.answer(command, material, flashcardView(material, material.card), null, now)), replayed: true };
    }

    // The version the client showed, else the one just read: a grade recorded in between is a conflict. The
    // event store checks stored event ids before versions, so a retry of a recorded grade is not one.
    // A card without state is new, whatever version the client showed: its stream is empty, or its lesson was
    // undone (CardGradeUndone) and the stream goes on from there.
    const expected = material.card ? (command.version ?? material.card.version) : read.streamVersion;
    // A typed answer costs one more read (the card's answer key); an untyped grade never makes it.
    const judged = command.typed ? judgeTypedAnswer(await loadAnswerKey(this.pool, material), command.typed) : null;
    const event = decideGrade(
      {
        userId: command.userId,
        course: material.course,
        materialType: material.material_type,
        materialId: material.material_id,
        // a card keeps the level it was learned at, so every event of it counts in the same level
        level: material.card?.level ?? material.level,
        grade: command.grade,
        ...(judged ? { typedAnswer: judged.record } : {}),
      },
      material.card ? cardStateOf(material.card) : null,
      // The learner's fitted strength came with the material (one lookup in the same statement).
      { now, subscriptionActive: command.subscriptionActive, learner: material.learner },
    );
    const eventId = command.idempotency ? gradeEventId(command.userId, command.idempotency.key, command.id) : undefined;
    const streamId = cardStreamId(command.userId, material.course, material.material_type, material.material_id);
    // The card's state after this grade, derived once (evolve, the fold every reader of the stream uses): the SQL
    // function writes it as the inline row, and the answer shows it.
    const after = evolve(material.card ? cardStateOf(material.card) : initialCardState, event);
    // Only a card reaching intermediate from learning can raise the level (a lesson adds a learning card, a
    // failed card never drops below intermediate), so only such a grade waits for the level read model, and reads
    // its next card after that wait (new cards may come from the new level); any other reads it with the write.
    const promotes = promotesToIntermediate(event);
    const nextQuery = { now, subscriptionActive: command.subscriptionActive, preferNew: command.fetchNew };
    const recorded = await recordGrade(
      this.pool,
      this.gradeSql,
      appendArguments(streamId, CARD_STREAM_TYPE, expected, [{ ...event, eventId }], command.metadata),
      event,
      after,
      command.idempotency,
      promotes ? null : nextQuery,
    );

    if (recorded === 'raced' || recorded.duplicate) {
      // The same grade recorded meanwhile (a retry whose answer was lost, or a concurrent retry): its state now.
      const current = await this.queries.material(command.userId, ref.materialType, ref.materialId);
      return { ...(await this.answer(command, material, flashcardView(material, current?.card ?? null), null, now)), replayed: true };
    }
    this.store.committed([{ streamId, type: event.type }]);
    this.metrics?.grades.inc({ course: material.course });

    const newLevel = promotes
      ? await this.levels.newLevelAfter(command.userId, material.course, { tx: recorded.transactionId, position: recorded.globalPosition }, NEW_LEVEL_WAIT_MS)
      : null;
    const readWithWrite = recorded.next ? await this.queries.nextCardFrom(recorded.next, { course: material.course, now }) : undefined;
    return {
      ...(await this.answer(command, material, flashcardView(material, cardRowOf(event, after, recorded.streamVersion)), newLevel, now, readWithWrite)),
      ...(judged ? { typed_answer: { verdict: judged.verdict, retried: judged.record.retried, diagnosis: judged.diagnosis, grade: event.data.grade } } : {}),
      replayed: false,
    };
  }

  /** The answer, with the next card read along with the write when it was, else read now. */
  private async answer(command: GradeCard, material: MaterialWithCard, graded: FlashcardView, newLevel: number | null, now: Date, readWithWrite?: NextCard): Promise<GradeCardResult> {
    const next = continuation(
      readWithWrite ??
        (await this.queries.next({ userId: command.userId, course: material.course, now, subscriptionActive: command.subscriptionActive, preferNew: command.fetchNew })),
      command.fetchNew,
    );
    return {
      flashcard: graded,
      new_flashcard: next.flashcard,
      new_level: newLevel,
      user_next_review_in_minutes: next.user_next_review_in_minutes,
      review_count: next.review_count,
      plan_left_today: next.plan_left_today,
      new_available: next.new_available,
      learned_count: next.learned_count,
    };
  }
}

interface RecordedGrade {
  streamVersion: number;
  globalPosition: number;
  transactionId: string;
  duplicate: boolean;
  /** the next card and counts, read after the write in the same statement (null when not asked for, or a duplicate) */
  next: NextRow | null;
}

/**
 * study_grade's statement (migration 044): the write's arguments, then the next card's. $1 and $2 are the user
 * and the course, as the level expression of the StudyLevels port expects them; $23 is the subscription.
 */
function gradeStatement(levelSql: string): string {
  return `select g.*, study_known_words($1::uuid, (g.card->'data')::jsonb) as known_words, ${LEARNER_STRENGTH_SQL} as learner_strength
            from (select stream_version, global_position, transaction_id::text as transaction_id, duplicate,
                 card, review_count, next_due, learned_count, new_level, learned_open, plan_left_today
            from study_grade($1::uuid, $2, $3, $4, $5, $6::uuid, $7, $8::smallint, $9::jsonb, $10::jsonb, $11::uuid,
                             $12, $13::int, $14::smallint, $15::jsonb, $16::boolean,
                             $17, $18, $19,
                             $20::boolean, $21::timestamptz, $22::int, ${newCardLevelSql(levelSql, '$23')}, $24::boolean)) g`;
}

/**
 * study_grade in one statement: the event, the card's state, the key's request hash and the lesson floor commit
 * together, and with `next` the next card is read after them. 'raced': an identical retry committed the same
 * event id meanwhile.
 */
async function recordGrade(
  pool: Pool,
  text: string,
  append: unknown[],
  event: GradeEvent,
  after: CardState,
  idempotency: IdempotencyRequest | undefined,
  next: { now: Date; subscriptionActive: boolean; preferNew: boolean } | null,
): Promise<RecordedGrade | 'raced'> {
  const d = event.data;
  try {
    const { rows } = await pool.query<{ stream_version: string; global_position: string; transaction_id: string; duplicate: boolean } & NextRow>({
      name: 'study_grade',
      text,
      values: [
        d.userId,
        d.course,
        ...oneEvent(append),
        d.materialType,
        d.materialId,
        d.level,
        JSON.stringify(cardStateRecord(after)),
        event.type === 'CardLearned',
        idempotency?.scope ?? null,
        idempotency?.key ?? null,
        idempotency?.requestHash ?? null,
        next !== null,
        next?.now ?? null,
        reviewableLevel(next?.subscriptionActive ?? false),
        next?.subscriptionActive ?? false,
        next?.preferNew ?? false,
      ],
    });
    const row = rows[0];
    return {
      streamVersion: Number(row.stream_version),
      globalPosition: Number(row.global_position),
      transactionId: row.transaction_id,
      duplicate: row.duplicate,
      next: next !== null && !row.duplicate ? row : null,
    };
  } catch (error) {
    const failure = appendFailure(error);
    if (failure === 'version_conflict') throw new ConcurrencyError(GRADED_ELSEWHERE);
    if (failure === 'duplicate_event_id') return 'raced';
    throw error;
  }
}

/**
 * appendArguments (the event store's validation: the event's schema, its id, the metadata) for the grade's one
 * event, as study_record_grade takes them (migration 043): each per-event array as its single value.
 */
function oneEvent(append: unknown[]): unknown[] {
  const [streamId, streamType, expected, ids, types, schemaVersions, data, metadata, actor] = append as [string, string, number, string[], string[], number[], string[], string[], string | null];
  if (ids.length !== 1) throw new Error('a grade appends exactly one event');
  return [streamId, streamType, expected, ids[0], types[0], schemaVersions[0], data[0], metadata[0], actor];
}

function promotesToIntermediate(event: GradeEvent): boolean {
  return event.data.masteryBefore === 'learning' && event.data.masteryAfter !== 'learning';
}

/** The card row the answer shows, from the evolved state. */
function cardRowOf(event: GradeEvent, after: CardState, version: number) {
  return { level: event.data.level, attempts: after.attempts, mastery: after.mastery, interval_hours: after.intervalHours, due_at: after.dueAt!.toISOString(), memory: after.memory, version };
}
