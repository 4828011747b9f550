// Sign-up, sign-in and password reset calls. Logout is a full navigation to /users/sign_out.
import { profileSchema, type Profile } from '../../../../contract/accounts';
import type { SignInBody, SignUpBody } from '../../../../contract/accounts.requests';
import { api, noContent } from '../../lib/api';

/** Signing up, in or through a reset answers the person's profile (it then seeds the profile cache). */
export type AuthAnswer = Profile;

export const authApi = {
  signUp: (body: SignUpBody) => api.post('/api/auth/sign_up', body, profileSchema),
  signIn: (body: SignInBody) => api.post('/api/auth/sign_in', body, profileSchema),
  // the reset pages read nothing of these answers (the same words for any address; the profile is fetched anew)
  requestReset: (body: { email: string }) => api.post('/api/auth/password_reset', body, noContent),
  confirmReset: (body: { token: string; password: string }) => api.post('/api/auth/password_reset/confirm', body, noContent),
};

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export const MIN_PASSWORD_LENGTH = 8;
