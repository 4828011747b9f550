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
export type MediaJobAction = (typeof MEDIA_JOB_ACTIONS)[number];

/** Approvals are recorded directly by the admin API: they are decisions, not work. */
export const MEDIA_APPROVAL_ACTIONS = ['approve_audio', 'unapprove_audio', 'approve_image', 'unapprove_image'] as const;
export type MediaApprovalAction = (typeof MEDIA_APPROVAL_ACTIONS)[number];

/** Every key of the `actions` map of POST /api/admin/materials/:id/actions (SPEC §7). */
export const MEDIA_ACTIONS = [...MEDIA_JOB_ACTIONS, ...MEDIA_APPROVAL_ACTIONS] as const;
export type MediaAction = (typeof MEDIA_ACTIONS)[number];

export function isMediaJobAction(action: string): action is MediaJobAction {
  return (MEDIA_JOB_ACTIONS as readonly string[]).includes(action);
}

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
