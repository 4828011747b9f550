import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import type { Course, MaterialType } from '../courses';
import { flashcardId } from '../flashcard.view';
import { diagnosisMessage } from '../typed-answer/diagnose';
import { LEECH_LAPSES } from './leech.rule';

/** How many failed reviews of each leech the dashboard shows (newest first). */
export const WRONG_ANSWERS_SHOWN = 20;
/** How many leeches the dashboard lists at most (newest mark first). */
export const LEECHES_SHOWN = 50;

/**
 * A typed answer as a grade may record it (CardGraded's optional `typedAnswer`, issue 31 item 10). Read from the
 * event's stored JSON, not through the event's schema, so the history shows it whichever version recorded it.
 */
export interface TypedAnswerView {
  reading?: string | null;
  meaning?: string | null;
  verdict?: string | null;
  diagnosis?: string | null;
}

export interface LeechView {
  flashcard_id: string;
  course: Course;
  level: number;
  mastery_level: string;
  lapses: number;
  leech_since: string;
  prompt: string;
  reading: string | null;
  meaning: string | null;
  wrong_answers: { at: string; typed: TypedAnswerView | null }[];
}

export interface LeechesView {
  leeches: LeechView[];
  threshold: number;
}

interface Row {
  course: Course;
  material_type: MaterialType;
  material_id: number;
  level: number;
  mastery: string;
  lapses: number;
  leech_since: Date;
  data: Record<string, unknown>;
  wrong_answers: { at: string; typed: unknown }[] | null;
}

/**
 * The learner's leeches with their wrong-answer history, in one statement: the leeches from card_states (the
 * partial index card_states_leeches, migration 050), each with its failed reviews from its own stream (the events'
 * primary key), those taken back by an undo left out. No query per card.
 */
const LEECHES_SQL = `
  select c.course, c.material_type, c.material_id, c.level, c.mastery, c.lapses, c.leech_since, m.data, h.wrong_answers
    from card_states c
    join materials m on m.material_type = c.material_type and m.material_id = c.material_id
    cross join lateral (
      select json_agg(json_build_object('at', w.at, 'typed', w.typed) order by w.stream_version desc) as wrong_answers
        from (select e.stream_version, e.data->>'reviewedAt' as at, e.data->'typedAnswer' as typed
                from events e
               where e.stream_id = 'card-' || c.user_id::text || '-' || c.course || '-' || c.material_type || '-' || c.material_id
                 and e.event_type = 'CardGraded' and e.data->>'grade' = '0'
                 and not exists (select 1 from events u
                                  where u.stream_id = e.stream_id and u.stream_version > e.stream_version
                                    and u.event_type = 'CardGradeUndone' and u.data->>'undoneEventId' = e.event_id::text)
               order by e.stream_version desc
               limit $2) w
    ) h
   where c.user_id = $1 and c.leech_since is not null and c.servable
   order by c.leech_since desc, c.course, c.material_type, c.material_id
   limit $3`;

@Injectable()
export class LeechQueries {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async leeches(userId: string): Promise<LeechesView> {
    const { rows } = await this.pool.query<Row>({ name: 'study_leeches', text: LEECHES_SQL, values: [userId, WRONG_ANSWERS_SHOWN, LEECHES_SHOWN] });
    return { leeches: rows.map(leechView), threshold: LEECH_LAPSES };
  }
}

function leechView(r: Row): LeechView {
  const text = (key: string) => (typeof r.data[key] === 'string' && r.data[key] !== '' ? (r.data[key] as string) : null);
  // What the card asks and answers, per kind of material (as the card's front and back show them).
  const [prompt, reading, meaning] =
    r.material_type === 'kana'
      ? [text('kana'), text('romaji'), null]
      : r.material_type === 'reading'
        ? [text('kanji'), text('reading'), [text('vocab'), text('vocab_meaning')].filter(Boolean).join(': ') || null]
        : [text('vocab'), text('vocab_hiragana'), text('vocab_meaning')];
  return {
    flashcard_id: flashcardId(r.material_type, r.material_id),
    course: r.course,
    level: r.level,
    mastery_level: r.mastery,
    lapses: r.lapses,
    leech_since: r.leech_since.toISOString(),
    prompt: prompt ?? flashcardId(r.material_type, r.material_id),
    reading,
    meaning,
    wrong_answers: (r.wrong_answers ?? []).map((w) => ({ at: w.at, typed: typedAnswerOf(w.typed, text('kanji')) })),
  };
}

/** Only the known text fields of a recorded typed answer; anything else in it is not shown. */
function typedAnswerOf(value: unknown, kanji: string | null): TypedAnswerView | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  // The grade records the diagnosis as codes (typed-answer/diagnose.ts); the learner reads its sentences.
  const codes = Array.isArray(v.diagnosis) ? v.diagnosis.filter((c): c is string => typeof c === 'string') : [];
  const diagnosis = codes.length ? codes.map((code) => diagnosisMessage(code, kanji)).join(' ') : str(v.diagnosis);
  const typed = { reading: str(v.reading), meaning: str(v.meaning), verdict: str(v.verdict), diagnosis };
  return Object.values(typed).some((x) => x !== null) ? typed : null;
}
