import { voiceInputOf, type VoiceInput } from '../../content';
import { Queryable } from '../../platform/database/database';
import { mediaEventId } from '../event-ids';
import { VOICE_RECIPE } from '../jobs/voice.job';

/**
 * Which materials need a clip of the system voice (issue 14): every material whose text a servable card shows —
 * a kana card's kana, the word of a vocab or reading card, each of their sentences — and what each holds now.
 * A material shown by several cards (a word in Vocab I and in its kanji's reading card) is one clip.
 */
export interface VoiceOwner {
  materialType: 'kana' | 'vocab' | 'sentence';
  materialId: number;
  /** the lowest level of a card that shows it: level 1 of every course is spoken first */
  level: number;
  /** lesson order of the first card that shows it (level, then position): the first lessons are spoken first */
  rank: number;
  /** the courses of the cards that show it (media:status counts per course) */
  courses: string[];
  /** what to speak now; null when the material holds no text */
  input: VoiceInput | null;
  /** the key of the clip it holds, and of the last clip that failed for good */
  storedKey: string | null;
  /** the recipe the stored clip was made with (VOICE_RECIPE; 1 for the clips made before it was stamped) */
  storedRecipe: number;
  failedKey: string | null;
  failedError: string | null;
}

export type VoiceState = 'done' | 'pending' | 'failed';

/**
 * Done: the clip of the text the material holds now, made with the current recipe (or a newer one, written by
 * a newer worker during a blue-green switch). A clip of an older recipe is pending: it is remade, and served
 * meanwhile (the catalogue serves a clip by its key). A final failure of the text stays failed, whatever the
 * recipe: the loudness does not change what the engine can say.
 */
export function voiceStateOf(owner: VoiceOwner): VoiceState | null {
  if (!owner.input) return null;
  if (owner.storedKey === owner.input.key && owner.storedRecipe >= VOICE_RECIPE) return 'done';
  if (owner.failedKey === owner.input.key) return 'failed';
  return 'pending';
}

/** A pending clip that is a remake: the material still plays its clip of an older recipe until the new one is in. */
export function isRemake(owner: VoiceOwner): boolean {
  return voiceStateOf(owner) === 'pending' && owner.storedKey === owner.input?.key;
}

/**
 * The request event id of a clip: one per material, input and recipe, so asking twice records and enqueues once,
 * and a new recipe asks again (recipe 1 kept the id it had before recipes were named).
 */
export function voiceRequestId(owner: Pick<VoiceOwner, 'materialType' | 'materialId'>, key: string, recipe = VOICE_RECIPE): string {
  return mediaEventId('voice-request', `${owner.materialType}:${owner.materialId}:${key}${recipe > 1 ? `:r${recipe}` : ''}`);
}

const KIND_ORDER: Record<string, number> = { kana: 0, word: 1, sentence: 2 };

/**
 * BullMQ priority (lower first, at most 2^21): in lesson order — level, then the position of the first card that
 * shows it — and the word before its sentence, so the first lessons of every course have their audio first.
 */
export function voicePriority(owner: VoiceOwner): number {
  return Math.min(2_000_000, owner.rank * 4 + (KIND_ORDER[owner.input?.kind ?? 'sentence'] ?? 3) + 1);
}

interface OwnerRow {
  material_type: VoiceOwner['materialType'];
  material_id: number;
  level: number;
  rank: number;
  courses: string[];
  data: Record<string, unknown>;
}

/**
 * One read: the servable cards' owners with the few fields their clip depends on (not the whole material: a
 * sentence's breakdown is not read). Uses the materials and material_states tables of the catalogue.
 */
export async function loadVoiceOwners(db: Queryable): Promise<VoiceOwner[]> {
  const { rows } = await db.query<OwnerRow>(
    `with cards as (select material_type, material_id, course, level, least(position, 49999) as position, data from materials where servable),
          refs as (
            select 'kana'::text as t, material_id as id, course, level, position from cards where material_type = 'kana'
            union all
            select 'vocab', (data->>'vocab_id')::int, course, level, position from cards
             where material_type in ('vocab', 'reading') and jsonb_typeof(data->'vocab_id') = 'number'
            union all
            select 'sentence', (data->>'sentence_id')::int, course, level, position from cards where jsonb_typeof(data->'sentence_id') = 'number'
            union all
            select 'sentence', (x->>'sentence_id')::int, c.course, c.level, c.position
              from cards c cross join lateral jsonb_array_elements(coalesce(c.data->'other_sentences', '[]'::jsonb)) x
             where jsonb_typeof(x->'sentence_id') = 'number'),
          owners as (select t, id, min(level)::int as level, min(level * 50000 + position)::int as rank,
                            array_agg(distinct course order by course) as courses from refs group by t, id)
     select o.t as material_type, o.id as material_id, o.level, o.rank, o.courses,
            jsonb_strip_nulls(jsonb_build_object(
              'kana', s.data->'kana', 'vocab_reading', s.data->'vocab_reading', 'kanji', s.data->'kanji', 'reading', s.data->'reading',
              'text', s.data->'text', 'furigana', s.data->'furigana',
              'voice_key', s.data->'voice'->'key', 'voice_recipe', s.data->'voice'->'recipe', 'failed_key', s.data->'voice_failed'->'key', 'failed_error', s.data->'voice_failed'->'error')) as data
       from owners o
       join material_states s on s.material_type = o.t and s.material_id = o.id
      where s.retired is null
      order by o.rank, o.t, o.id`,
  );
  return rows.map((r) => ({
    materialType: r.material_type,
    materialId: r.material_id,
    level: r.level,
    rank: r.rank,
    courses: r.courses,
    input: voiceInputOf(r.material_type, r.data),
    storedKey: typeof r.data.voice_key === 'string' ? r.data.voice_key : null,
    storedRecipe: typeof r.data.voice_recipe === 'number' ? r.data.voice_recipe : 1,
    failedKey: typeof r.data.failed_key === 'string' ? r.data.failed_key : null,
    failedError: typeof r.data.failed_error === 'string' ? r.data.failed_error : null,
  }));
}

export interface VoiceCourseStatus {
  course: string;
  done: number;
  pending: number;
  failed: number;
}

/** Clips per course (a clip shown in two courses counts in both), for `media:status` and the dashboard. */
export function voiceStatus(owners: readonly VoiceOwner[]): VoiceCourseStatus[] {
  const by = new Map<string, VoiceCourseStatus>();
  for (const o of owners) {
    const state = voiceStateOf(o);
    if (!state) continue;
    for (const course of o.courses) {
      const s = by.get(course) ?? { course, done: 0, pending: 0, failed: 0 };
      s[state]++;
      by.set(course, s);
    }
  }
  return [...by.values()].sort((a, b) => (a.course < b.course ? -1 : 1));
}
