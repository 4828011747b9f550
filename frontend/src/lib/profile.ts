// The signed-in person's profile: read by the shell and most features, so it lives here rather than in a feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api';
import { queryKeys } from './query-keys';

export const settingsSchema = z.object({
  keyboard_shortcuts: z.boolean(),
  audio_autoplay: z.boolean(),
  vocab_prompt: z.enum(['audio', 'text', 'audio-text']),
  vocab_hide_text: z.boolean(),
  vocab_audio_autoplay: z.boolean(),
  furigana: z.catch(z.enum(['show', 'faint', 'none']), 'show'),
});
export type Settings = z.infer<typeof settingsSchema>;
export type VocabPrompt = Settings['vocab_prompt'];
export type FuriganaSetting = Settings['furigana'];

const level = z.number();
export const profileSchema = z.object({
  name: z.nullish(z.string()),
  email: z.string(),
  level: z.object({ kana: level, kanji1: level, kanji2: level, vocab1: level, vocab2: level, vocab3: level }),
  subscription_status: z.catch(z.enum(['active', 'inactive', 'past_due', 'canceled']), 'inactive'),
  settings: settingsSchema,
  is_admin: z._default(z.boolean(), false),
  updates_unread: z._default(z.number(), 0),
  timezone: z.nullish(z.string()),
  /** false when this server cannot sell a subscription (payments not configured): Subscribe is not offered. */
  payments_available: z._default(z.boolean(), true),
});
export type Profile = z.infer<typeof profileSchema>;

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

export const timezoneSchema = z.object({ timezone: z.string() });

export function saveTimezone(timezone: string) {
  return api.post('/api/users/timezone', { timezone }, timezoneSchema);
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
