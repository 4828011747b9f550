// The signed-in person's profile: read by the shell and most features, so it lives here rather than in a feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, timezoneAnswerSchema } from '../../../contract/accounts';
import { api } from './api';
import { queryKeys } from './query-keys';

// The profile's and the settings' shapes are the API contract's (contract/accounts.ts, issue 18).
export {
  profileSchema,
  settingsSchema,
  type FuriganaSetting,
  type Profile,
  type Settings,
  type VocabPrompt,
} from '../../../contract/accounts';

export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: ({ signal }) => api.get('/api/users/profile', profileSchema, undefined, signal),
  staleTime: 60_000,
});

/**
 * Whether Subscribe may be offered, from the profile the shell already loaded (this never fetches it again).
 * Before the profile is known (a component rendered on its own) it answers true: the server still refuses a
 * checkout it cannot make, and the app shows that refusal.
 */
export function usePaymentsAvailable(): boolean {
  const profile = useQuery({ ...profileQuery, enabled: false });
  return profile.data?.payments_available ?? true;
}

export function saveTimezone(timezone: string) {
  return api.post('/api/users/timezone', { timezone }, timezoneAnswerSchema);
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
