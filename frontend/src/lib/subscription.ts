import type { Profile } from './profile';

/** `?qa_unsubscribed` makes every view act as if the subscription were inactive (for QA and screenshots). */
export function isQaUnsubscribed(search: string): boolean {
  return new URLSearchParams(search).has('qa_unsubscribed');
}

export function isSubscribed(profile: Pick<Profile, 'subscription_status'> | undefined, search: string): boolean {
  return profile?.subscription_status === 'active' && !isQaUnsubscribed(search);
}
