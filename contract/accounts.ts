// The accounts calls' answers (issue 18): the profile (also the answer of sign-up, sign-in and the reset), the
// settings, the time zone, the What's new badge, erasure and the admin role. Lenient where the page is (z.catch,
// z._default). The requests are in accounts.requests.ts.
import * as z from 'zod/mini';
import { COURSES, type Course } from './courses';


export const VOCAB_PROMPTS = ['audio', 'text', 'audio-text'] as const;
export const FURIGANA = ['show', 'faint', 'none'] as const;
/** What a vocab card asks to be typed before its flip (issue 31): nothing, the reading, or the reading and the meaning. */
export const VOCAB_TYPED_ANSWERS = ['off', 'reading', 'reading_meaning'] as const;

/** The settings as the profile and PATCH /api/users/settings answer them (a furigana value this page does not know reads as 'show'). */
export const settingsSchema = z.object({
  keyboard_shortcuts: z.boolean(),
  audio_autoplay: z.boolean(),
  vocab_prompt: z.enum(VOCAB_PROMPTS),
  vocab_hide_text: z.boolean(),
  vocab_audio_autoplay: z.boolean(),
  furigana: z.catch(z.enum(FURIGANA), 'show'),
  typed_reading: z._default(z.boolean(), false),
  vocab_typed_answer: z.catch(z.enum(VOCAB_TYPED_ANSWERS), 'off'),
});
export type Settings = z.infer<typeof settingsSchema>;
export type VocabPrompt = Settings['vocab_prompt'];
export type FuriganaSetting = Settings['furigana'];
export type VocabTypedAnswer = Settings['vocab_typed_answer'];

export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'past_due', 'canceled'] as const;
/** A status this page does not know reads as 'inactive' (nothing is unlocked by a surprise). */
export const subscriptionStatusSchema = z.catch(z.enum(SUBSCRIPTION_STATUSES), 'inactive');

const level = z.number();
/** The vacation under way (issue 30, item 4): when it began, and the planned return day if one was given. */
export const vacationSchema = z.object({ started_at: z.string(), returns_on: z.nullable(z.string()) });
export type Vacation = z.infer<typeof vacationSchema>;
/** POST /api/users/vacation and POST /api/users/vacation/end: the vacation now (null once ended), and how many cards moved. */
export const vacationAnswerSchema = z.object({ vacation: z.nullable(vacationSchema), shifted_cards: z.optional(z.number()) });

/** One level per course of COURSES, in its order. */
const levelPerCourse = Object.fromEntries(COURSES.map((course) => [course, level])) as Record<Course, typeof level>;
/**
 * GET /api/users/profile; also the answer of sign-up, sign-in, the reset's confirmation and PATCH
 * /api/users/profile (the person as now signed in).
 */
export const profileSchema = z.object({
  id: z.optional(z.string()),
  name: z.nullish(z.string()),
  email: z.string(),
  /** the learner's level in each course */
  level: z.object(levelPerCourse),
  subscription_status: subscriptionStatusSchema,
  settings: settingsSchema,
  is_admin: z._default(z.boolean(), false),
  updates_unread: z._default(z.number(), 0),
  timezone: z.nullish(z.string()),
  /** false when this server cannot sell a subscription (payments not configured): Subscribe is not offered. */
  payments_available: z._default(z.boolean(), true),
  /** null (or absent, from an older server) when the learner is not on vacation */
  vacation: z._default(z.nullable(vacationSchema), null),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/auth/csrf: the double-submit token (also set as the readable XSRF-TOKEN cookie). */
export const csrfAnswerSchema = z.object({ token: z.string() });
/** POST /api/users/timezone: the canonical IANA name recorded. */
export const timezoneAnswerSchema = z.object({ timezone: z.string() });
/** POST /api/users/updates_read: the badge is cleared. */
export const updatesReadAnswerSchema = z.object({ updates_unread: z.number() });
/** POST /api/auth/password_reset (202): the same words whether the address is known or not. */
export const passwordResetAnswerSchema = z.object({ message: z.string() });
/**
 * POST /api/auth/sign_up: 201 and the new account's profile (signed in), or 202 and "check your email" words when
 * the address already has an account (its owner is mailed; issue 28). A message is never a profile: it has no email.
 */
export const signUpAnswerSchema = z.union([profileSchema, z.object({ message: z.string() })]);
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;
/** POST /api/users/password */
export const passwordChangedAnswerSchema = z.object({ changed: z.literal(true) });
/** DELETE /api/users/me */
export const accountErasedAnswerSchema = z.object({ erased: z.literal(true) });
/** POST and DELETE /api/admin/users/:id/admin: the role as it now is. */
export const roleAnswerSchema = z.object({ id: z.string(), is_admin: z.boolean() });
