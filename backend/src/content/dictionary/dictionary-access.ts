import { AppError } from '../../platform/errors/app-error';
import { SessionUser } from '../../platform/http/request-context';
import { VOCAB_COURSES, type VocabCourse } from '../../kernel/courses';

/**
 * The dictionary's tabs and paywall (SPEC §6, DESIGN §4): without an active subscription only the first tab of
 * each browser answers, and an entry's details only when the entry is free: level 1, or listed in the free
 * first tab (so everything a learner can see in a free list opens). The kana chart is one tab: all free.
 * Admins see everything.
 */
export const TAB_LOCKED_MESSAGE = 'This tab is part of the subscription. Subscribe to unlock levels 2–9 and the whole dictionary.';
export const ENTRY_LOCKED_MESSAGE = 'This entry is part of the subscription. Subscribe to unlock levels 2–9 and the whole dictionary.';

export interface Tab {
  id: string;
  label: string;
  locked: boolean;
}

export const KANJI_TAB_IDS = { kanji1: ['1', '2', '3', '4', '5', '6'], kanji2: ['7', '8', '9'] } as const;
export type KanjiCourse = keyof typeof KANJI_TAB_IDS;

export const VOCAB_TAB_LABELS = { a: 'あ', ka: 'か', sa: 'さ', ta: 'た', na: 'な', ha: 'は', ma: 'ま', ya: 'や', ra: 'ら', wa: 'わ' } as const;
export const VOCAB_TAB_IDS = Object.keys(VOCAB_TAB_LABELS) as (keyof typeof VOCAB_TAB_LABELS)[];
export { VOCAB_COURSES, type VocabCourse };

export function hasFullAccess(user: SessionUser): boolean {
  return user.subscriptionActive || user.isAdmin;
}

export function tabsOf(ids: readonly string[], label: (id: string) => string, fullAccess: boolean): Tab[] {
  return ids.map((id, index) => ({ id, label: label(id), locked: !fullAccess && index > 0 }));
}

/** Picks the tab (default: the first), 400 naming `tab` when the course has no such tab, 402 when it is locked. */
export function chooseTab(course: string, ids: readonly string[], requested: string | undefined, fullAccess: boolean): string {
  const tab = requested ?? ids[0];
  if (!ids.includes(tab)) {
    const message = `Unknown tab "${tab}" for ${course}. Use one of: ${ids.join(', ')}.`;
    throw new AppError('validation_failed', `The query is not valid. tab: ${message}`, { fields: [{ field: 'tab', message }] });
  }
  if (!fullAccess && tab !== ids[0]) throw new AppError('payment_required', TAB_LOCKED_MESSAGE);
  return tab;
}

export function requireEntryAccess(user: SessionUser, free: boolean): void {
  if (!free && !hasFullAccess(user)) throw new AppError('payment_required', ENTRY_LOCKED_MESSAGE);
}

/** `:id` path parameter: a positive integer (ids are 31-bit). */
export function parseId(value: string, what: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    const message = `Expected a positive whole number, got "${value.slice(0, 40)}".`;
    throw new AppError('validation_failed', `The ${what} id is not valid. id: ${message}`, { fields: [{ field: 'id', message }] });
  }
  return Number(value);
}

export const isTrue = (value: string | undefined) => value === 'true' || value === '1';
