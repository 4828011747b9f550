import { AppError } from '../platform/errors/app-error';

/** The admin actions that run as background jobs, one job file each in ./jobs. */
export const MEDIA_JOB_ACTIONS = [
  'fetch_audio',
  'fetch_breakdown',
  'fetch_sentence',
  'fetch_sentence_context',
  'fetch_image_description',
  'fetch_image',
  'fetch_and_upload_image',
  'upload_image',
] as const;
/**
 * Jobs the system asks for itself, never an admin (POST …/actions refuses them): `voice` speaks a kana, a word or
 * a sentence with the bundled voice for every servable card (issue 14, admin/voice).
 */
export const SYSTEM_JOB_ACTIONS = ['voice'] as const;
export type SystemJobAction = (typeof SYSTEM_JOB_ACTIONS)[number];

export type MediaJobAction = (typeof MEDIA_JOB_ACTIONS)[number] | SystemJobAction;

/** Approvals are recorded directly by the admin API: they are decisions, not work. */
export const MEDIA_APPROVAL_ACTIONS = ['approve_audio', 'unapprove_audio', 'approve_image', 'unapprove_image'] as const;
export type MediaApprovalAction = (typeof MEDIA_APPROVAL_ACTIONS)[number];

/** Every key of the `actions` map of POST /api/admin/materials/:id/actions (SPEC §7). */
export const MEDIA_ACTIONS = [...MEDIA_JOB_ACTIONS, ...MEDIA_APPROVAL_ACTIONS] as const;
export type MediaAction = (typeof MEDIA_ACTIONS)[number];

export function isMediaJobAction(action: string): action is MediaJobAction {
  return (MEDIA_JOB_ACTIONS as readonly string[]).includes(action) || (SYSTEM_JOB_ACTIONS as readonly string[]).includes(action);
}

/** Every action a media event may name: the admin's and the system's. */
export const RECORDED_MEDIA_ACTIONS = [...MEDIA_JOB_ACTIONS, ...MEDIA_APPROVAL_ACTIONS, ...SYSTEM_JOB_ACTIONS] as const;

export function isMediaAction(action: string): action is MediaAction {
  return (MEDIA_ACTIONS as readonly string[]).includes(action);
}

export function assertMediaActions(actions: readonly string[]): asserts actions is MediaAction[] {
  const unknown = actions.filter((a) => !isMediaAction(a));
  if (unknown.length) {
    throw new AppError('validation_failed', `Unknown media action${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known actions: ${MEDIA_ACTIONS.join(', ')}.`, {
      fields: unknown.map((a) => ({ field: `actions.${a}`, message: 'Unknown action.' })),
    });
  }
}
