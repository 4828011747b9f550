import type { Queryable } from '../../platform/database/database';
import { cardStreamId, typedAnswerSchema } from '../card.events';
import type { Course, MaterialType } from '../courses';
import { diagnosisMessage } from '../typed-answer/diagnose';

/** One wrong typed answer of a card: when, what was typed (the reading as kana), and what was wrong. */
export interface WrongAnswer {
  /** the review's instant (the grade's reviewedAt, ISO) */
  at: string;
  reading: string | null;
  meaning: string | null;
  diagnosis: Array<{ code: string; message: string }>;
  /** the near miss typed before the retry (the retry itself may have been right) */
  firstTry: boolean;
}

export interface CardRef {
  course: Course;
  materialType: MaterialType;
  materialId: number;
}

/**
 * The wrong typed answers of one card, newest first: read from the card's own stream (its CardGraded events
 * with a typedAnswer), so it needs no read model; the events' primary key (stream_id, stream_version) serves it.
 * A grade taken back by an undo is left out. Also for the leeches (issue 31 item 11): see wrongAnswerHistories.
 */
export async function wrongAnswerHistory(db: Queryable, userId: string, card: CardRef): Promise<WrongAnswer[]> {
  const histories = await wrongAnswerHistories(db, userId, [card]);
  return histories.get(cardStreamId(userId, card.course, card.materialType, card.materialId)) ?? [];
}

/** wrongAnswerHistory for several cards of one learner in one query, keyed by card stream id (cardStreamId). */
export async function wrongAnswerHistories(db: Queryable, userId: string, cards: readonly CardRef[]): Promise<Map<string, WrongAnswer[]>> {
  const streams = cards.map((c) => cardStreamId(userId, c.course, c.materialType, c.materialId));
  const out = new Map<string, WrongAnswer[]>(streams.map((s) => [s, []]));
  if (!streams.length) return out;
  const { rows } = await db.query<{ stream_id: string; reviewed_at: string; typed: unknown; kanji: string | null }>({
    name: 'study_wrong_answers',
    text: `select e.stream_id, e.data->>'reviewedAt' as reviewed_at, e.data->'typedAnswer' as typed,
                  (select m.data->>'kanji' from materials m where m.material_type = e.data->>'materialType' and m.material_id = (e.data->>'materialId')::int) as kanji
             from events e
            where e.stream_id = any($1::text[]) and e.event_type = 'CardGraded' and e.data ? 'typedAnswer'
              and not exists (select 1 from events u where u.stream_id = e.stream_id and u.event_type = 'CardGradeUndone'
                                                       and u.data->>'undoneEventId' = e.event_id::text)
            order by e.stream_id, e.stream_version desc`,
    values: [streams],
  });
  for (const row of rows) {
    const parsed = typedAnswerSchema.safeParse(row.typed);
    if (!parsed.success) continue;
    const t = parsed.data;
    const entry = (x: { reading?: string; meaning?: string; diagnosis?: string[] }, firstTry: boolean): WrongAnswer => ({
      at: row.reviewed_at,
      reading: x.reading ?? null,
      meaning: x.meaning ?? null,
      diagnosis: (x.diagnosis ?? []).map((code) => ({ code, message: diagnosisMessage(code, row.kanji) })),
      firstTry,
    });
    const list = out.get(row.stream_id)!;
    // newest first: the final answer of a review, then its first try
    if (t.verdict === 'wrong') list.push(entry(t, false));
    if (t.firstTry) list.push(entry(t.firstTry, true));
  }
  return out;
}
