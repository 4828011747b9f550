// The accounts calls' requests (issue 18): sign-up, sign-in, password reset and change, rename, settings, time
// zone, erasure. Strict: an unknown field is a 400 naming it, and each message is written for the person. The
// backend validates with these; the frontend only takes their types (requests live apart from the answers so
// the app's bundle carries no check it never runs).
import * as z from 'zod/mini';
import { FURIGANA, VOCAB_PROMPTS, VOCAB_TYPED_ANSWERS } from './accounts';

export const nameSchema = z.string().check(z.trim(), z.minLength(1, 'Enter your name.'), z.maxLength(100, 'Use at most 100 characters.'));
/** A well-formed address, trimmed and lower-cased (a typo like "" is the person's to fix: 400 naming `email`). */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'Use at most 254 characters.')),
  z.email('Enter a valid email address.'),
);
const password = z.string().check(z.maxLength(1024));

/** POST /api/auth/sign_up */
export const signUpBodySchema = z.strictObject({ name: nameSchema, email: emailSchema, password });
export type SignUpBody = z.input<typeof signUpBodySchema>;
/** POST /api/auth/sign_in (the address is matched as typed: a wrong pair is a 401, never a hint) */
export const signInBodySchema = z.strictObject({ email: z.string().check(z.maxLength(254)), password });
export type SignInBody = z.input<typeof signInBodySchema>;
/** POST /api/auth/password_reset: known address or not, the same answer. */
export const passwordResetBodySchema = z.strictObject({ email: emailSchema });
/** POST /api/auth/password_reset/confirm */
export const passwordResetConfirmBodySchema = z.strictObject({ token: z.string().check(z.maxLength(200)), password });
/** POST /api/users/password */
export const passwordChangeBodySchema = z.strictObject({ current_password: password, new_password: password });
/** DELETE /api/users/me */
export const eraseAccountBodySchema = z.strictObject({ password });
/** PATCH /api/users/profile */
export const renameBodySchema = z.strictObject({ name: nameSchema });

export const UNKNOWN_TIME_ZONE = 'Unknown time zone. Use an IANA name such as Europe/Berlin or Asia/Tokyo.';
/** A name the runtime's time-zone database knows, in any case ("europe/berlin"); the server stores its canonical spelling. */
function isKnownTimeZone(name: string): boolean {
  try {
    return Boolean(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}
/** POST /api/users/timezone */
export const timezoneBodySchema = z.strictObject({
  timezone: z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.refine(isKnownTimeZone, UNKNOWN_TIME_ZONE)),
});

/** PATCH /api/users/settings: any subset of the settings, each strictly typed. */
export const settingsPatchSchema = z.partial(
  z.strictObject({
    keyboard_shortcuts: z.boolean(),
    audio_autoplay: z.boolean(),
    vocab_prompt: z.enum(VOCAB_PROMPTS),
    vocab_hide_text: z.boolean(),
    vocab_audio_autoplay: z.boolean(),
    furigana: z.enum(FURIGANA),
    typed_reading: z.boolean(),
    vocab_typed_answer: z.enum(VOCAB_TYPED_ANSWERS),
  }),
);
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** POST /api/users/vacation: start a vacation, with an optional planned return day (the learner's local date). */
export const startVacationBodySchema = z.strictObject({
  returns_on: z.optional(z.nullable(z.iso.date('Use a date such as 2026-12-24.'))),
});
export type StartVacationBody = z.output<typeof startVacationBodySchema>;
