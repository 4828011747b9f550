/**
 * The field rules of a material, one list for every writer: the catalogue (which fields of a card's own stream
 * override what the card would show), admin edits and media results (which fields they may set on the card).
 */

/**
 * Fields an admin (or a media job) may set on a card's own stream that override the derived value: media,
 * approvals and a context note. `sentence_context` belongs here: the catalogue shows a card's own note before
 * its sentence's context, so a card without a sentence can carry one and a card that has one keeps showing it.
 * Where an edit of it goes (the card's note, or its sentence's `context`) is the editor's placement, not a
 * second list.
 */
export const CARD_OVERRIDE_FIELDS = [
  'image_url',
  'audio_url',
  'image_tmp',
  'image_description',
  'image_situation',
  'audio_spec',
  'is_audio_approved',
  'is_image_approved',
  'sentence_context',
] as const;

/**
 * JSON with sorted object keys and without null members: two values are equal when their canonical forms are
 * (jsonb reorders keys; a missing field and a null one mean the same).
 */
export function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The fields of `set` whose value differs from `current` (before → after); null removes a field. `defaults`
 * stand in for a missing current value (an approval flag a card never had is false).
 */
export function fieldChanges(current: Record<string, unknown>, set: Record<string, unknown>, defaults: Record<string, unknown> = {}): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, raw] of Object.entries(set)) {
    const after = raw === undefined ? null : raw;
    const before = current[field] ?? defaults[field] ?? null;
    if (canonical(before) !== canonical(after)) changes[field] = { before, after };
  }
  return changes;
}
