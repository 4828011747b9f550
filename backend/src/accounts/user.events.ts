import { z } from 'zod';
import { defineEvent } from '../platform/event-store/event-registry';

// The user aggregate's events (stream `user-<uuid>`, type `user`). They carry ids and decisions only:
// email, name and password hash live in the erasable `users` table, never in event data or metadata.

export const USER_STREAM_TYPE = 'user';
export const userStreamId = (userId: string) => `user-${userId}`;

export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** who caused a subscription change */
export const SUBSCRIPTION_SOURCES = ['checkout', 'stripe_webhook', 'operator', 'admin', 'account_erasure'] as const;

export const settingsSchema = z.strictObject({
  keyboard_shortcuts: z.boolean(),
  audio_autoplay: z.boolean(),
  vocab_prompt: z.enum(['audio', 'text', 'audio-text']),
  vocab_hide_text: z.boolean(),
  vocab_audio_autoplay: z.boolean(),
  furigana: z.enum(['show', 'faint', 'none']),
  /** kanji courses: type the reading before the flip (issue 31) */
  typed_reading: z.boolean(),
  /** vocab courses: type nothing, the reading, or the reading and the meaning */
  vocab_typed_answer: z.enum(['off', 'reading', 'reading_meaning']),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  keyboard_shortcuts: true,
  audio_autoplay: true,
  vocab_prompt: 'text',
  vocab_hide_text: false,
  vocab_audio_autoplay: true,
  furigana: 'show',
  typed_reading: false,
  vocab_typed_answer: 'off',
};

const userId = z.uuid();
const stripeRefs = {
  stripeSubscriptionId: z.string().optional(),
  stripeCustomerId: z.string().optional(),
  checkoutSessionId: z.string().optional(),
  stripeEventId: z.string().optional(),
};

export const UserRegistered = defineEvent('UserRegistered', z.object({ userId }));
export const PasswordChanged = defineEvent('PasswordChanged', z.object({ userId, via: z.enum(['change', 'reset']) }));
export const ProfileRenamed = defineEvent('ProfileRenamed', z.object({ userId }));
export const AdminRoleGranted = defineEvent('AdminRoleGranted', z.object({ userId }));
export const AdminRoleRevoked = defineEvent('AdminRoleRevoked', z.object({ userId }));
export const SubscriptionActivated = defineEvent(
  'SubscriptionActivated',
  z.object({ userId, source: z.enum(SUBSCRIPTION_SOURCES), ...stripeRefs }),
);
export const SubscriptionChanged = defineEvent(
  'SubscriptionChanged',
  z.object({ userId, from: z.enum(SUBSCRIPTION_STATUSES), status: z.enum(SUBSCRIPTION_STATUSES), source: z.enum(SUBSCRIPTION_SOURCES), ...stripeRefs }),
);
export const SubscriptionCanceled = defineEvent(
  'SubscriptionCanceled',
  z.object({ userId, source: z.enum(SUBSCRIPTION_SOURCES), ...stripeRefs }),
);
/**
 * `settings` is the whole resulting settings object, so a replay never depends on the previous state. Version 2
 * adds the typed-answer settings (issue 31); a version 1 event had them at their defaults, as its upcast says.
 */
export const SettingsChanged = defineEvent('SettingsChanged', z.object({ userId, changed: z.array(z.string()), settings: settingsSchema }), {
  schemaVersion: 2,
  upcasters: { 1: (data) => ({ ...data, settings: { typed_reading: false, vocab_typed_answer: 'off', ...data.settings } }) },
});
export const TimeZoneSet = defineEvent('TimeZoneSet', z.object({ userId, timezone: z.string() }));
export const UpdatesRead = defineEvent('UpdatesRead', z.object({ userId }));
export const UserErased = defineEvent('UserErased', z.object({ userId }));
/**
 * Vacation mode (issue 30, item 4). `returnsOn` is the planned return day (the learner's local date), or null for
 * an open-ended pause; only shown, nothing ends the vacation but the learner's own VacationEnded.
 */
export const VacationStarted = defineEvent('VacationStarted', z.object({ userId, startedAt: z.iso.datetime(), returnsOn: z.iso.date().nullable() }));
/**
 * The outcome is recorded, so a replay never recomputes it: the pause ran from `startedAt` to `endedAt`, and every
 * card of the learner last reviewed before `startedAt` is due `pausedSeconds` later (the card_states projection
 * applies it, live and on a rebuild).
 */
export const VacationEnded = defineEvent(
  'VacationEnded',
  z.object({ userId, startedAt: z.iso.datetime(), endedAt: z.iso.datetime(), pausedSeconds: z.number().int().nonnegative() }),
);
export type VacationEndedData = z.infer<typeof VacationEnded.schema>;

export type UserEvent =
  | ReturnType<typeof UserRegistered>
  | ReturnType<typeof PasswordChanged>
  | ReturnType<typeof ProfileRenamed>
  | ReturnType<typeof AdminRoleGranted>
  | ReturnType<typeof AdminRoleRevoked>
  | ReturnType<typeof SubscriptionActivated>
  | ReturnType<typeof SubscriptionChanged>
  | ReturnType<typeof SubscriptionCanceled>
  | ReturnType<typeof SettingsChanged>
  | ReturnType<typeof TimeZoneSet>
  | ReturnType<typeof UpdatesRead>
  | ReturnType<typeof UserErased>
  | ReturnType<typeof VacationStarted>
  | ReturnType<typeof VacationEnded>;

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'PasswordChanged',
  'ProfileRenamed',
  'AdminRoleGranted',
  'AdminRoleRevoked',
  'SubscriptionActivated',
  'SubscriptionChanged',
  'SubscriptionCanceled',
  'SettingsChanged',
  'TimeZoneSet',
  'UpdatesRead',
  'UserErased',
  'VacationStarted',
  'VacationEnded',
] as const;
