// Romaji → kana for the typed-answer box (issue 31). The rule is the server's (backend study/typed-answer/kana.ts),
// which converts again what reaches it: nn is ん unless a vowel or y follows, n' is always ん, a double consonant
// is っ, - is ー, upper case is katakana, and kana (an IME's) are never rewritten.
import { toKana } from 'wanakana';

export function romajiToKana(input: string): string {
  const marked = input
    .replace(/tch/g, 'cch')
    .replace(/TCH/g, 'CCH')
    .replace(/nn(?![aiueoyAIUEOY])/g, "n'")
    .replace(/NN(?![aiueoyAIUEOY])/g, "N'");
  return toKana(marked);
}

/** Consonants still waiting for their vowel (k, sh, kk, ny, n, nn, n'): left as typed while typing. */
const PENDING = /[bcdfghjklmnpqrstvwxyz']+$/i;

/**
 * The box's value as the learner types at its end: what can be converted is, and the consonants waiting for their
 * vowel stay romaji (so "kon" can still become こんにちは, and "ny" にゃ). `romajiToKana` converts the rest on submit.
 */
export function convertAsYouType(value: string): string {
  const pending = PENDING.exec(value)?.[0] ?? '';
  return romajiToKana(value.slice(0, value.length - pending.length)) + pending;
}
