import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { materialIdPipe } from '../materials/material-id';

const querySchema = z.object({
  course: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['kanji1', 'kanji2']).optional()),
  level: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(1).max(9).optional()),
});

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * GET /api/admin/kanji?course&level → {items: [{id, character, level, course, meanings, reading_ids}]} in course
 * order; GET /api/admin/kanji/:id → the kanji with its readings (the reading cards) and course words.
 */
@Controller('api/admin/kanji')
export class AdminKanjiHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  async list(@Query(new ZodPipe(querySchema, 'query')) query: z.infer<typeof querySchema>) {
    const values: unknown[] = [];
    const where: string[] = [];
    if (query.course) where.push(`k.course = $${values.push(query.course)}`);
    if (query.level) where.push(`k.level = $${values.push(query.level)}`);
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

  @Get(':id')
  async get(@Param('id', materialIdPipe) id: number) {
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
