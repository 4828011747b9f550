// Sign-up, sign-in and password reset calls. Logout is a full navigation to /users/sign_out.
import * as z from 'zod/mini';
import { api, noContent } from '../../lib/api';
import { profileSchema } from '../../lib/profile';

/** `{user}` as agreed, or the whole profile (which then seeds the profile cache). */
export const authUserSchema = z.union([
  profileSchema,
  z.object({ user: z.object({ id: z.union([z.string(), z.number()]), name: z.nullish(z.string()), email: z.string() }) }),
]);
export type AuthAnswer = z.infer<typeof authUserSchema>;

export const authApi = {
  signUp: (body: { name: string; email: string; password: string }) => api.post('/api/auth/sign_up', body, authUserSchema),
  signIn: (body: { email: string; password: string }) => api.post('/api/auth/sign_in', body, authUserSchema),
  requestReset: (body: { email: string }) => api.post('/api/auth/password_reset', body, noContent),
  confirmReset: (body: { token: string; password: string }) => api.post('/api/auth/password_reset/confirm', body, noContent),
};

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export const MIN_PASSWORD_LENGTH = 8;
