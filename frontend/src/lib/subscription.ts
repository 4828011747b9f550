import type { Profile } from './profile';

const QA_UNSUBSCRIBED_KEY = 'kioku.qaUnsubscribed';

function remember(on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(QA_UNSUBSCRIBED_KEY, '1');
    else window.sessionStorage.removeItem(QA_UNSUBSCRIBED_KEY);
  } catch {
    // Storage disabled: the parameter still works on the page that has it.
  }
}

function remembered(): boolean {
  try {
    return window.sessionStorage.getItem(QA_UNSUBSCRIBED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * `?qa_unsubscribed` makes every view act as if the subscription were inactive (for QA and screenshots). It
 * is remembered for the browser tab (sessionStorage), so it holds across in-app links, reloads and full-page
 * navigations without every link having to carry it; `?qa_unsubscribed=0` (or `=false`) turns it off again.
 */
export function isQaUnsubscribed(search: string): boolean {
  const value = new URLSearchParams(search).get('qa_unsubscribed');
  if (value === null) return remembered();
  const on = value !== '0' && value !== 'false';
  remember(on);
  return on;
}

export function isSubscribed(profile: Pick<Profile, 'subscription_status'> | undefined, search: string): boolean {
  return profile?.subscription_status === 'active' && !isQaUnsubscribed(search);
}
