import * as z from 'zod/mini';
import { api, noContent } from '../../lib/api';
import { settingsSchema, type Settings } from '../../lib/profile';

export const settingsApi = {
  update: (partial: Partial<Settings>) => api.patch('/api/users/settings', partial, z.partial(settingsSchema)),
  changePassword: (body: { current_password: string; new_password: string }) => api.post('/api/users/password', body, noContent),
  deleteAccount: (body: { password: string }) => api.delete('/api/users/me', body, noContent),
};

/** Every IANA zone the browser knows, with the person's current one guaranteed in the list. */
export function timeZones(...mustInclude: Array<string | null | undefined>): string[] {
  let zones: string[] = [];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  for (const zone of mustInclude) if (zone) all.add(zone);
  if (all.size === 0) all.add('UTC');
  return [...all].sort();
}
