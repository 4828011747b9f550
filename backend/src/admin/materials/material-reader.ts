import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { adminMaterialSchema, type AdminMaterial } from '#contract/admin';
import { APPROVAL_FLAGS } from '#contract/admin.requests';
import { CardRow, CardType, getMaterial, MaterialSnapshot, materialStreamId, readCardRow, versionToken } from '../../content';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { AppError } from '../../platform/errors/app-error';
import { LIST_ORDER, listWhere, ListParams } from './material-list.filters';

export const PAGE_SIZE = 100;

/**
 * What materialView answers of its own, not as the card's data holds it: the row's identity, the approval and veto
 * flags read as booleans, and the retirement.
 */
const VIEW_FIELDS: readonly string[] = [
  'id',
  'type',
  'course',
  'level',
  'version',
  ...APPROVAL_FLAGS,
  'audio_vetoed',
  'retired',
  'retired_reason',
] satisfies ReadonlyArray<keyof AdminMaterial>;

/**
 * The Material fields of SPEC §3 as the admin app reads them, null when the card has none: every other field of the
 * contract's admin material (contract/admin.ts adminMaterialSchema: the card's content of contract/content.ts, the
 * admin's own fields and the system voice's clips, issue 14), so a field added there is answered.
 */
const MATERIAL_FIELDS = Object.keys(adminMaterialSchema.shape).filter((field) => !VIEW_FIELDS.includes(field));

/** Shown beside the contract's fields: what else a card row knows (the kana's romaji, the kanji's meanings…). */
const EXTRA_FIELDS = ['romaji', 'hint', 'script', 'meanings', 'reading_kind', 'reading_grade', 'sentence_id'] as const;


export interface JobView {
  action: string;
  status: 'pending' | 'succeeded' | 'failed';
  error: string | null;
  at: string;
  request_id: string;
}

export interface VocabOption {
  id: number;
  vocab: string;
  vocab_hiragana: string | null;
  vocab_meaning: string | null;
  reading_ids: number[];
  /** a retired word: a reading taught with it is not served */
  retired: boolean;
}

export interface AdminReadingView {
  id: number;
  level: number;
  grade: string | number | null;
  kanji_id: number | null;
  kanji: string | null;
  reading: string | null;
  kind: string | null;
  vocab_id: number | null;
  vocab_id_options: VocabOption[];
  same_vocab_reading_ids: number[];
  sentence_id: number | null;
  /** SPEC §3 Admin reading: the card it is studied as and the sentence it shows */
  flashcard_material: { type: 'reading'; id: number; servable: boolean };
  sentence: { id: number | null; text: string | null; furigana: string | null; translation: string | null } | null;
}

export interface MaterialDetailView {
  material: Record<string, unknown>;
  reading: AdminReadingView | null;
  jobs: JobView[];
  neighbours: { prev: number | null; next: number | null } | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const intOf = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

export function materialView(row: CardRow, version: number): Record<string, unknown> {
  const d = row.data;
  const out: Record<string, unknown> = { id: row.id, type: row.type, course: row.course, level: row.level, version };
  for (const f of MATERIAL_FIELDS) out[f] = d[f] ?? null;
  for (const f of APPROVAL_FLAGS) out[f] = d[f] === true;
  for (const f of EXTRA_FIELDS) if (d[f] !== undefined && d[f] !== null) out[f] = d[f];
  // Whether the admin unapproved the system voice's clips.
  out.audio_vetoed = d.audio_vetoed === true;
  out.position = row.position;
  out.servable = row.servable;
  // Retired materials stay open to admins: the flag and the reason say why learners no longer get it.
  out.retired = row.retired !== null;
  out.retired_reason = row.retired;
  out.updated_at = row.updatedAt.toISOString();
  return out;
}

function titleOf(type: CardType, d: Record<string, unknown>): { title: string; subtitle: string | null } {
  const join = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(' · ') || null;
  if (type === 'reading') return { title: [str(d.kanji), str(d.reading)].filter(Boolean).join(' ') || '—', subtitle: join(d.vocab, d.vocab_hiragana, d.vocab_meaning) };
  if (type === 'vocab') return { title: str(d.vocab) ?? str(d.vocab_hiragana) ?? '—', subtitle: join(d.vocab_hiragana, d.vocab_meaning) };
  return { title: str(d.kana) ?? '—', subtitle: join(d.romaji, d.vocab, d.vocab_meaning) };
}

/** Reads of the admin's materials pages: the filtered list, a material with its reading, jobs and neighbours. */
@Injectable()
export class MaterialReader {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(params: ListParams, page: number) {
    const { conditions, values } = listWhere(params);
    const where = conditions.join(' and ');
    const [count, rows] = await Promise.all([
      this.pool.query<{ n: string }>(`select count(*) as n from materials m where ${where}`, values),
      this.pool.query(
        `select m.material_type, m.material_id, m.course, m.level, m.position, m.servable, m.retired, m.data, m.updated_at
           from materials m where ${where} order by ${LIST_ORDER}
          limit ${PAGE_SIZE} offset $${values.length + 1}`,
        [...values, (page - 1) * PAGE_SIZE],
      ),
    ]);
    return {
      items: rows.rows.map((r) => {
        const d = r.data as Record<string, unknown>;
        return {
          id: r.material_id,
          type: r.material_type,
          course: r.course,
          level: r.level,
          position: r.position,
          ...titleOf(r.material_type, d),
          vocab_id: intOf(d.vocab_id),
          has_sentence: Boolean(str(d.sentence)),
          has_audio: Boolean(str(d.audio_url)),
          is_audio_approved: d.is_audio_approved === true,
          // What a learner hears without the admin's audio (study/flashcard.view.ts learnerMaterial): the lists said
          // "Audio: None" for these cards (issue 31).
          system_voice: !str(d.audio_url) && d.audio_vetoed !== true && Boolean(str(d.kana_audio_url) || str(d.sentence_audio_url)),
          has_image: Boolean(str(d.image_url)),
          is_image_approved: d.is_image_approved === true,
          servable: r.servable,
          retired: r.retired === true,
          updated_at: (r.updated_at as Date).toISOString(),
        };
      }),
      total: Number(count.rows[0].n),
      page,
      page_size: PAGE_SIZE,
    };
  }

  /** GET /api/admin/materials/:id: 404 when there is no such material of this type. */
  async detail(type: CardType, id: number, nav?: ListParams, db: Queryable = this.pool): Promise<MaterialDetailView> {
    const row = await readCardRow(db, type, id);
    if (!row) throw new AppError('not_found', `There is no ${type} material ${id}.`);
    const [version, state, jobs, neighbours] = await Promise.all([
      versionToken(db, row),
      type === 'reading' ? getMaterial(db, type, id) : Promise.resolve(null),
      this.jobs(db, type, id),
      nav ? this.neighbours(db, row, nav) : Promise.resolve(null),
    ]);
    return {
      material: materialView(row, version),
      reading: type === 'reading' ? await this.reading(db, row, state) : null,
      jobs,
      neighbours,
    };
  }

  /** The reading card's own fields and its candidate words, each with the readings already using it. */
  async reading(db: Queryable, row: CardRow, state: MaterialSnapshot | null): Promise<AdminReadingView> {
    const d = state?.data ?? {};
    const optionIds = (Array.isArray(d.vocab_id_options) ? d.vocab_id_options : []).map(intOf).filter((v): v is number => v !== null);
    const vocabId = intOf(d.vocab_id);
    const ids = [...new Set([...optionIds, ...(vocabId ? [vocabId] : [])])];
    const usedBy = await this.readingsUsing(db, ids);
    const words = new Map<number, Record<string, unknown>>();
    const retiredWords = new Set<number>();
    if (ids.length) {
      const { rows } = await db.query<{ material_id: number; data: Record<string, unknown>; retired: string | null }>(
        `select material_id, data, retired from material_states where material_type = 'vocab' and material_id = any($1::int[])`,
        [ids],
      );
      for (const r of rows) {
        words.set(r.material_id, r.data);
        if (r.retired !== null) retiredWords.add(r.material_id);
      }
    }
    return {
      id: row.id,
      level: row.level,
      grade: typeof d.grade === 'string' || typeof d.grade === 'number' ? d.grade : null,
      kanji_id: intOf(row.data.kanji_id),
      kanji: str(row.data.kanji),
      reading: str(row.data.reading),
      kind: str(d.kind),
      vocab_id: vocabId,
      vocab_id_options: optionIds
        .filter((o) => words.has(o))
        .map((o) => {
          const w = words.get(o)!;
          return {
            id: o,
            vocab: str(w.kanji) ?? str(w.reading) ?? String(o),
            vocab_hiragana: str(w.reading),
            vocab_meaning: str(w.definition),
            reading_ids: usedBy.get(o) ?? [],
            retired: retiredWords.has(o),
          };
        }),
      same_vocab_reading_ids: vocabId ? (usedBy.get(vocabId) ?? []).filter((r) => r !== row.id) : [],
      sentence_id: intOf(row.data.sentence_id),
      flashcard_material: { type: 'reading', id: row.id, servable: row.servable },
      sentence: str(row.data.sentence)
        ? { id: intOf(row.data.sentence_id), text: str(row.data.sentence), furigana: str(row.data.furigana), translation: str(row.data.sentence_meaning) }
        : null,
    };
  }

  /** Reading cards by the word they are taught with (material_states.links, GIN-indexed). */
  async readingsUsing(db: Queryable, vocabIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (!vocabIds.length) return out;
    const { rows } = await db.query<{ material_id: number; vocab_id: number | null }>(
      `select material_id, (data->>'vocab_id')::int as vocab_id from material_states
        where material_type = 'reading' and links && $1::text[] order by material_id`,
      [vocabIds.map((v) => `vocab:${v}`)],
    );
    for (const r of rows) {
      if (r.vocab_id === null || !vocabIds.includes(r.vocab_id)) continue;
      out.set(r.vocab_id, [...(out.get(r.vocab_id) ?? []), r.material_id]);
    }
    return out;
  }

  /** The latest job per action, from the media events in the material's stream (newest first). */
  async jobs(db: Queryable, type: CardType, id: number): Promise<JobView[]> {
    const { rows } = await db.query<{ event_type: string; event_id: string; data: Record<string, any>; recorded_at: Date }>(
      `select event_type, event_id, data, recorded_at from events
        where stream_id = $1 and event_type in ('MediaActionRequested', 'MediaActionSucceeded', 'MediaActionFailed')
        order by stream_version desc limit 500`,
      [materialStreamId(type, id)],
    );
    const outcomes = new Map<string, { status: 'succeeded' | 'failed'; error: string | null; at: Date }>();
    for (const r of rows) {
      if (r.event_type === 'MediaActionRequested') continue;
      const key = `${r.data.requestEventId}|${r.data.action}`;
      if (outcomes.has(key)) continue;
      outcomes.set(key, r.event_type === 'MediaActionSucceeded' ? { status: 'succeeded', error: null, at: r.recorded_at } : { status: 'failed', error: str(r.data.error), at: r.recorded_at });
    }
    const latest = new Map<string, JobView>();
    for (const r of rows) {
      if (r.event_type !== 'MediaActionRequested') continue;
      for (const action of (r.data.actions ?? []) as string[]) {
        if (latest.has(action)) continue;
        const outcome = outcomes.get(`${r.event_id}|${action}`);
        latest.set(action, {
          action,
          status: outcome?.status ?? 'pending',
          error: outcome?.error ?? null,
          at: (outcome?.at ?? r.recorded_at).toISOString(),
          request_id: r.event_id,
        });
      }
    }
    return [...latest.values()];
  }

  /** The materials before and after this one in the filtered list (it need not match the filters itself). */
  async neighbours(db: Queryable, row: CardRow, params: ListParams): Promise<{ prev: number | null; next: number | null }> {
    const { conditions, values } = listWhere({ ...params, type: row.type });
    const n = values.length;
    const key = `(m.course, m.level, m.position, m.material_id)`;
    const at = `($${n + 1}::text, $${n + 2}::smallint, $${n + 3}::int, $${n + 4}::int)`;
    const args = [...values, row.course, row.level, row.position, row.id];
    const where = conditions.join(' and ');
    const [prev, next] = await Promise.all([
      db.query<{ material_id: number }>(
        `select m.material_id from materials m where ${where} and ${key} < ${at}
          order by m.course desc, m.level desc, m.position desc, m.material_id desc limit 1`,
        args,
      ),
      db.query<{ material_id: number }>(`select m.material_id from materials m where ${where} and ${key} > ${at} order by ${LIST_ORDER} limit 1`, args),
    ]);
    return { prev: prev.rows[0]?.material_id ?? null, next: next.rows[0]?.material_id ?? null };
  }
}
