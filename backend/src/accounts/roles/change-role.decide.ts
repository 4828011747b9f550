import { AppError } from '../../platform/errors/app-error';
import { NewEvent } from '../../platform/event-store/event-store.types';
import { AdminRoleGranted, AdminRoleRevoked } from '../user.events';
import { assertNotErased } from '../user.decide';
import { UserState } from '../user.state';

/** GrantAdminRole / RevokeAdminRole: an event only when the role really changes; an erased account has no role to change. */
export function decideAdminRole(state: UserState, admin: boolean, actorId: string | null): NewEvent[] {
  assertNotErased(state);
  if (state.isAdmin === admin) return [];
  if (!admin && actorId === state.id) {
    // An admin removing their own role could leave nobody able to manage the app.
    throw new AppError('conflict', 'You cannot remove your own admin role. Ask another admin, or use the operator command.');
  }
  return [admin ? AdminRoleGranted({ userId: state.id }) : AdminRoleRevoked({ userId: state.id })];
}
