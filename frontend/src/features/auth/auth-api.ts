// Sign-up, sign-in, sign-out and password reset calls.
import { profileSchema, signUpAnswerSchema, type Profile } from '../../../../contract/accounts';
import type { SignInBody, SignUpBody } from '../../../../contract/accounts.requests';
import { api, noContent } from '../../lib/api';

/** Signing up, in or through a reset answers the person's profile (it then seeds the profile cache). */
export type AuthAnswer = Profile;

export const authApi = {
  // the profile (signed in), or {message} for an address that already has an account ("check your email")
  signUp: (body: SignUpBody) => api.post('/api/auth/sign_up', body, signUpAnswerSchema),
  signIn: (body: SignInBody) => api.post('/api/auth/sign_in', body, profileSchema),
  // the reset pages read nothing of these answers (the same words for any address; the profile is fetched anew)
  requestReset: (body: { email: string }) => api.post('/api/auth/password_reset', body, noContent),
  confirmReset: (body: { token: string; password: string }) => api.post('/api/auth/password_reset/confirm', body, noContent),
  // a POST with the CSRF header: a GET of /users/sign_out only shows the "Sign out?" page (issue 28)
  signOut: () => api.post('/users/sign_out', undefined, noContent),
};

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export const MIN_PASSWORD_LENGTH = 8;
