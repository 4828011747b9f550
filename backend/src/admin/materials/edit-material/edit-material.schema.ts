import type { EditMaterialBody } from '#contract/admin.requests';

// The PATCH body's schema is the API contract's (contract/admin.requests.ts, editMaterialBodySchema).

/** The fields to set: every key the body names except type and version (undefined keys were not sent). */
export function fieldsToSet(body: EditMaterialBody, sent: object): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(sent)) {
    if (key === 'type' || key === 'version') continue;
    set[key] = (body as Record<string, unknown>)[key] ?? null;
  }
  return set;
}
