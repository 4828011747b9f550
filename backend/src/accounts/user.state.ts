import { DEFAULT_SETTINGS, Settings, SubscriptionStatus, UserEvent } from './user.events';

/** The part of a user that events decide: what the inline columns of `users` hold. */
export interface UserState {
  id: string;
  isAdmin: boolean;
  subscriptionStatus: SubscriptionStatus;
  settings: Settings;
  timezone: string;
  updatesUnread: number;
  erased: boolean;
  /** the vacation under way (issue 30, item 4), null when there is none */
  vacation: Vacation | null;
}

export interface Vacation {
  /** ISO instant the pause began */
  startedAt: string;
  /** the planned return day ('YYYY-MM-DD', the learner's local date), null when open-ended */
  returnsOn: string | null;
}

export const INITIAL_UPDATES_UNREAD = 3;

export function initialUserState(id: string): UserState {
  return {
    id,
    isAdmin: false,
    subscriptionStatus: 'inactive',
    settings: { ...DEFAULT_SETTINGS },
    timezone: 'UTC',
    updatesUnread: INITIAL_UPDATES_UNREAD,
    erased: false,
    vacation: null,
  };
}

export function evolve(state: UserState, event: { type: string; data: unknown }): UserState {
  const e = event as UserEvent;
  switch (e.type) {
    case 'UserRegistered':
      return initialUserState(e.data.userId);
    case 'AdminRoleGranted':
      return { ...state, isAdmin: true };
    case 'AdminRoleRevoked':
      return { ...state, isAdmin: false };
    case 'SubscriptionActivated':
      return { ...state, subscriptionStatus: 'active' };
    case 'SubscriptionChanged':
      return { ...state, subscriptionStatus: e.data.status };
    case 'SubscriptionCanceled':
      return { ...state, subscriptionStatus: 'canceled' };
    case 'SettingsChanged':
      return { ...state, settings: { ...e.data.settings } };
    case 'TimeZoneSet':
      return { ...state, timezone: e.data.timezone };
    case 'UpdatesRead':
      return { ...state, updatesUnread: 0 };
    case 'UserErased':
      return { ...state, erased: true, isAdmin: false, vacation: null };
    case 'VacationStarted':
      return { ...state, vacation: { startedAt: e.data.startedAt, returnsOn: e.data.returnsOn } };
    case 'VacationEnded':
      return { ...state, vacation: null };
    default:
      return state; // PasswordChanged, ProfileRenamed: the change itself is in the users table
  }
}
