import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import type { KanjiCourse } from '../../kernel/courses';

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export interface AdminKanjiItem {
  id: number;
  character: string;
  level: number;
  course: string;
  meanings: unknown[];
  /** the reading cards of the kanji, in course order */
  reading_ids: number[];
}

export interface AdminKanjiView {
  id: number;
  character: string;
  level: number;
  course: string;
  level_label: unknown;
  joyo_level: unknown;
  strokes: unknown;
  meanings: unknown[];
  on_readings: unknown[];
  kun_readings: unknown[];
  readings: Array<{ id: number; reading: string; vocab_id: number | null; level: number; kind: string | null; grade: string | null; servable: boolean }>;
  vocabs: Array<{ id: number; vocab: string | null; vocab_hiragana: string | null; vocab_meaning: string | null }>;
}

/** GET /api/admin/kanji?course&level: the kanji of a course (and level) in course order. */
export class ListAdminKanjiQuery extends Query<{ items: AdminKanjiItem[] }> {
  constructor(readonly input: { course?: KanjiCourse; level?: number }) {
    super();
  }
}

/** ListAdminKanji: kanji_entries with the ids of their reading cards. */
@QueryHandler(ListAdminKanjiQuery)
export class ListAdminKanjiHandler implements IQueryHandler<ListAdminKanjiQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ input }: ListAdminKanjiQuery): Promise<{ items: AdminKanjiItem[] }> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (input.course) where.push(`k.course = $${values.push(input.course)}`);
    if (input.level) where.push(`k.level = $${values.push(input.level)}`);
    const { rows } = await this.pool.query(
      `select k.id, k.character, k.level, k.course, k.data->'meanings' as meanings, coalesce(r.ids, '{}') as reading_ids
         from kanji_entries k
         left join (select (data->>'kanji_id')::int as kanji_id, array_agg(material_id order by level, position, material_id) as ids
                      from materials where material_type = 'reading' group by 1) r on r.kanji_id = k.id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by k.course, k.level, k.position, k.id`,
      values,
    );
    return { items: rows.map((r) => ({ ...r, meanings: asArray(r.meanings) })) };
  }
}

/** GET /api/admin/kanji/:id: one kanji with its readings (the reading cards) and course words. */
export class GetAdminKanjiQuery extends Query<AdminKanjiView> {
  constructor(readonly input: { id: number }) {
    super();
  }
}

/** GetAdminKanji: 404 when there is no such kanji. */
@QueryHandler(GetAdminKanjiQuery)
export class GetAdminKanjiHandler implements IQueryHandler<GetAdminKanjiQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ input: { id } }: GetAdminKanjiQuery): Promise<AdminKanjiView> {
    const { rows } = await this.pool.query(`select id, character, level, course, data from kanji_entries where id = $1`, [id]);
    const k = rows[0];
    if (!k) throw new AppError('not_found', `There is no kanji ${id}.`);
    const [readings, vocabs] = await Promise.all([
      this.pool.query(
        `select m.material_id as id, coalesce(m.data->>'reading', '') as reading, (m.data->>'vocab_id')::int as vocab_id, m.level,
                m.data->>'reading_kind' as kind, m.data->>'reading_grade' as grade, m.servable
           from material_states s join materials m on m.material_type = 'reading' and m.material_id = s.material_id
          where s.material_type = 'reading' and s.links @> $1::text[]
          order by m.level, m.position, m.material_id`,
        [[`kanji:${id}`]],
      ),
      this.pool.query(
        `select v.id, v.data->>'kanji' as vocab, v.data->>'reading' as vocab_hiragana, v.data->>'definition' as vocab_meaning
           from vocab_kanji vk join vocab_entries v on v.id = vk.vocab_id
          where vk.kanji = $1 order by vk.rank limit 50`,
        [k.character],
      ),
    ]);
    return {
      id: k.id,
      character: k.character,
      level: k.level,
      course: k.course,
      level_label: k.data.level_label ?? null,
      joyo_level: k.data.joyo_level ?? null,
      strokes: k.data.strokes ?? null,
      meanings: asArray(k.data.meanings),
      on_readings: asArray(k.data.on_readings),
      kun_readings: asArray(k.data.kun_readings),
      readings: readings.rows,
      vocabs: vocabs.rows,
    };
  }
}
