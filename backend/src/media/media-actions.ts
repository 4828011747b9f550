import { MEDIA_ACTIONS, MEDIA_APPROVAL_ACTIONS, MEDIA_JOB_ACTIONS, type MediaAction, type MediaApprovalAction } from '#contract/admin.requests';
import { AppError } from '../platform/errors/app-error';

// The admin's actions are the contract's (one list for the backend and the admin screen); each job has one job
// file in ./jobs (jobs/index.ts maps every name to it, and the type checker refuses a name without one).
export { MEDIA_ACTIONS, MEDIA_APPROVAL_ACTIONS, MEDIA_JOB_ACTIONS, type MediaAction, type MediaApprovalAction };
/**
 * Jobs the system asks for itself, never an admin (POST …/actions refuses them): `voice` speaks a kana, a word or
 * a sentence with the bundled voice for every servable card (issue 14, admin/voice).
 */
export const SYSTEM_JOB_ACTIONS = ['voice'] as const;
export type SystemJobAction = (typeof SYSTEM_JOB_ACTIONS)[number];

export type MediaJobAction = (typeof MEDIA_JOB_ACTIONS)[number] | SystemJobAction;

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
