import { z } from 'zod';
import { defineEvent } from '../../platform/event-store/event-registry';

/**
 * A material is anything the catalogue is made of: a kana, a kanji, a kanji reading (the kanji card), a vocab
 * word or a sentence. Each has its own stream `material-<type>-<id>`; its current state is the fold of its
 * events (material.state.ts): MaterialImported gives the whole entry, each MaterialRevised overwrites fields.
 */
export const MATERIAL_KINDS = ['kana', 'reading', 'vocab', 'kanji', 'sentence'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

export const MATERIAL_STREAM_TYPE = 'material';

export function materialStreamId(type: MaterialKind, id: number): string {
  return `material-${type}-${id}`;
}

const materialId = z.number().int().positive().max(2_147_483_647);
const fieldName = z.string().min(1).max(100);

/**
 * A material enters the catalogue: `data` is the whole entry as the content files (or an admin) wrote it.
 * `source` 'content' (the default) comes from the loader with the file's sha256 as contentVersion; 'admin'
 * is a material an admin created (a generated sentence): all its fields count as admin-edited.
 */
export const MaterialImported = defineEvent(
  'MaterialImported',
  z.object({
    materialType: z.enum(MATERIAL_KINDS),
    materialId,
    /** sha256 of the content file it came from */
    contentVersion: z.string().min(1).max(100).optional(),
    data: z.record(z.string(), z.unknown()),
    source: z.enum(['content', 'admin']).default('content'),
  }),
);

/**
 * Fields of a material changed. `after: null` removes the field. `source` says who changed it: 'content' is a
 * reload of changed content files (carries the file's contentVersion); 'admin' (the default) is an edit by a
 * person, and a later content reload never overwrites a field an admin changed (catalogue/README.md).
 */
export const MaterialRevised = defineEvent(
  'MaterialRevised',
  z.object({
    materialType: z.enum(MATERIAL_KINDS),
    materialId,
    changes: z.record(fieldName, z.object({ before: z.unknown(), after: z.unknown() })).refine((c) => Object.keys(c).length > 0, {
      message: 'A revision changes at least one field.',
    }),
    source: z.enum(['content', 'admin']).default('admin'),
    contentVersion: z.string().min(1).max(100).optional(),
  }),
);

export type MaterialImportedData = z.infer<typeof MaterialImported.schema>;
export type MaterialRevisedData = z.infer<typeof MaterialRevised.schema>;
export const MATERIAL_EVENT_TYPES = [MaterialImported.type, MaterialRevised.type] as const;
