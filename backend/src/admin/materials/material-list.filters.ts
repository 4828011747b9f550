import type { MaterialListParams } from '#contract/admin.requests';
import { AppError } from '../../platform/errors/app-error';
import { CardType } from '../../content';

/** The flag filters of the admin materials list (frontend admin-queries.ts MATERIAL_FILTERS). */
export const MATERIAL_FILTERS = ['no_sentence', 'no_audio', 'no_image', 'audio_unapproved', 'image_unapproved', 'not_servable', 'retired', 'not_retired'] as const;
export type MaterialFilter = (typeof MATERIAL_FILTERS)[number];

/** SQL conditions on `materials` (m), one per filter; several filters must all hold. */
const CONDITIONS: Record<MaterialFilter, string> = {
  no_sentence: `coalesce(m.data->>'sentence', '') = ''`,
  no_audio: `coalesce(m.data->>'audio_url', '') = ''`,
  no_image: `coalesce(m.data->>'image_url', '') = ''`,
  // Audio (an image) waiting for an admin's approval: there is one and it is not approved.
  audio_unapproved: `coalesce(m.data->>'audio_url', '') <> '' and coalesce((m.data->>'is_audio_approved')::boolean, false) = false`,
  image_unapproved: `coalesce(m.data->>'image_url', '') <> '' and coalesce((m.data->>'is_image_approved')::boolean, false) = false`,
  not_servable: `not m.servable`,
  // Retired: gone from the content files (or taken out by an admin); learners keep their history of it.
  retired: `m.retired`,
  not_retired: `not m.retired`,
};

/** Filter names arrive joined by '+' (URL-decoded to spaces) or commas (SPEC §2, frontend README). */
export function parseFilters(value: string | undefined): MaterialFilter[] {
  const names = [...new Set((value ?? '').split(/[+\s,]+/).filter(Boolean))];
  const unknown = names.filter((n) => !(MATERIAL_FILTERS as readonly string[]).includes(n));
  if (unknown.length) {
    throw new AppError('validation_failed', `Unknown filter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known filters: ${MATERIAL_FILTERS.join(', ')}.`, {
      fields: [{ field: 'filters', message: `Unknown: ${unknown.join(', ')}.` }],
    });
  }
  return names as MaterialFilter[];
}

export interface ListParams {
  type: CardType;
  course?: string;
  level?: number;
  filters: MaterialFilter[];
}

/** The list's parameters from its query (contract/admin.requests.ts, materialListParamsSchema): filter names checked here. */
export function listParams(query: MaterialListParams): ListParams {
  return { type: query.type, course: query.course, level: query.level, filters: parseFilters(query.filters) };
}

/** `where` conditions and values for a filtered list of one material type (parameters from $1). */
export function listWhere(params: ListParams): { conditions: string[]; values: unknown[] } {
  const values: unknown[] = [params.type];
  const conditions = ['m.material_type = $1'];
  if (params.course) {
    values.push(params.course);
    conditions.push(`m.course = $${values.length}`);
  }
  if (params.level) {
    values.push(params.level);
    conditions.push(`m.level = $${values.length}`);
  }
  for (const f of params.filters) conditions.push(`(${CONDITIONS[f]})`);
  return { conditions, values };
}

/** The list's order: course, level, lesson position (then id, so it is total). */
export const LIST_ORDER = 'm.course, m.level, m.position, m.material_id';
