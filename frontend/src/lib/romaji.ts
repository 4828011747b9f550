// Romaji → kana for the typed-answer box (issue 31). The rule is the contract's (contract/romaji.ts), which the
// server converts again with: nn is ん unless a vowel or y follows, n' is always ん, a double consonant is っ, - is
// ー, upper case is katakana, and kana (an IME's) are never rewritten. Here only what typing adds: the consonants
// still waiting for their vowel.
import { romajiToKana } from '../../../contract/romaji';

/** Consonants still waiting for their vowel (k, sh, kk, ny, n, nn, n'): left as typed while typing. */
const PENDING = /[bcdfghjklmnpqrstvwxyz']+$/i;

/**
 * The box's value as the learner types at its end: what can be converted is, and the consonants waiting for their
 * vowel stay romaji (so "kon" can still become こんにちは, and "ny" にゃ). What those consonants already settle is
 * shown at once: n before another consonant is ん, a doubled consonant is っ. `romajiToKana` converts the rest on
 * submit, to the same kana.
 */
export function convertAsYouType(value: string): string {
  let pending = PENDING.exec(value)?.[0] ?? '';
  const head = romajiToKana(value.slice(0, value.length - pending.length));
  let settled = '';
  while (pending.length >= 2) {
    if (/^nn[^aiueoy']/i.test(pending)) {
      settled += 'ん';
      pending = pending.slice(2);
    } else if (/^n[^aiueoyn']/i.test(pending)) {
      settled += 'ん';
      pending = pending.slice(1);
    } else if (pending[0].toLowerCase() === pending[1].toLowerCase() && !/[n']/i.test(pending[0])) {
      settled += pending[0] === pending[0].toUpperCase() ? 'ッ' : 'っ';
      pending = pending.slice(1);
    } else break;
  }
  return head + settled + pending;
}
