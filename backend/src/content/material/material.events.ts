import { z } from 'zod';
import { defineEvent } from '../../platform/event-store/event-registry';

/**
 * A material is anything the catalogue is made of: a kana, a kanji, a kanji reading (the kanji card), a vocab
 * word or a sentence. Each has its own stream `material-<type>-<id>`; its current state is the fold of its
 * events (material.state.ts): MaterialImported gives the whole entry, each MaterialRevised overwrites fields,
 * MaterialRetired takes it out of what learners are taught and MaterialRestored brings it back.
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
    // 'media': the system voice's clip (admin/voice), which is neither content nor an admin's edit
    source: z.enum(['content', 'admin', 'media']).default('admin'),
    contentVersion: z.string().min(1).max(100).optional(),
  }),
);

/** Why a material left the catalogue: its entry is gone from the content files, or an admin took it out. */
export const RETIRE_REASONS = ['removed-from-content', 'admin'] as const;
export type RetireReason = (typeof RETIRE_REASONS)[number];

/**
 * A material is no longer taught or listed (catalogue/README.md "Retiring"): the loader appends it when a
 * content file no longer holds the entry (reason 'removed-from-content', source 'content', the file's sha256 as
 * contentVersion); 'admin' is an admin's decision, which content reloads never undo. Nothing is deleted: the
 * material's stream, its learners' cards and their history stay, and the catalogue keeps its state for admins.
 */
export const MaterialRetired = defineEvent(
  'MaterialRetired',
  z.object({
    materialType: z.enum(MATERIAL_KINDS),
    materialId,
    reason: z.enum(RETIRE_REASONS),
    source: z.enum(['content', 'admin']).default('content'),
    contentVersion: z.string().min(1).max(100).optional(),
  }),
);

/**
 * A retired material is taught and listed again, with the state it had (and, for learners, the cards and
 * schedules they had): the loader appends it when a retired entry is back in the content files.
 */
export const MaterialRestored = defineEvent(
  'MaterialRestored',
  z.object({
    materialType: z.enum(MATERIAL_KINDS),
    materialId,
    source: z.enum(['content', 'admin']).default('content'),
    contentVersion: z.string().min(1).max(100).optional(),
  }),
);

export type MaterialImportedData = z.infer<typeof MaterialImported.schema>;
export type MaterialRevisedData = z.infer<typeof MaterialRevised.schema>;
export type MaterialRetiredData = z.infer<typeof MaterialRetired.schema>;
export type MaterialRestoredData = z.infer<typeof MaterialRestored.schema>;
export const MATERIAL_EVENT_TYPES = [MaterialImported.type, MaterialRevised.type, MaterialRetired.type, MaterialRestored.type] as const;
