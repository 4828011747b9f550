/**
 * The English side of a typed answer: a meaning compared with the word's glosses, and the typo allowance
 * (an edit distance that grows with the gloss).
 */

const LEADING = /^(?:to|a|an|the)\s+/;

/** A meaning as compared: lower case, no notes in brackets, no punctuation, no leading "to", "a", "the". */
export function normalizeMeaning(text: string): string {
  let s = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  while (LEADING.test(s)) s = s.replace(LEADING, '');
  // One rule for number: "dogs" is "dog" (both sides lose the s, so "glass" still meets "glass").
  return s
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ');
}

/** The meanings a learner may type for a word: every gloss of every sense, and each part of the card's meaning. */
export function acceptedMeanings(glosses: readonly string[]): string[] {
  const out = new Set<string>();
  for (const gloss of glosses) {
    const whole = normalizeMeaning(gloss);
    if (whole) out.add(whole);
    // "good; excellent" and "to eat, to consume" are several meanings in one text
    for (const part of gloss.split(/[;,/]/)) {
      const p = normalizeMeaning(part);
      if (p) out.add(p);
    }
  }
  return [...out];
}

/** The typos allowed in a meaning of this length: none below 4 letters, 1 up to 7, 2 from 8. */
export function typoAllowance(meaning: string): number {
  const n = meaning.replace(/ /g, '').length;
  return n < 4 ? 0 : n < 8 ? 1 : 2;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[x.length][y.length];
}

export type MeaningCheck = { verdict: 'correct'; accepted: string } | { verdict: 'typo'; distance: number } | { verdict: 'wrong' };

/** A typed meaning against the accepted ones (normalized): exact, a typo of one, or wrong. Several typed meanings ("good, fine"): one right is enough. */
export function checkMeaning(typed: string, accepted: readonly string[]): MeaningCheck {
  const parts = [typed, ...typed.split(/[;,/]/)].map(normalizeMeaning).filter(Boolean);
  for (const part of parts) {
    if (accepted.includes(part)) return { verdict: 'correct', accepted: part };
  }
  let best: number | null = null;
  for (const part of parts) {
    for (const meaning of accepted) {
      const distance = editDistance(part, meaning);
      if (distance > 0 && distance <= typoAllowance(meaning) && (best === null || distance < best)) best = distance;
    }
  }
  return best !== null ? { verdict: 'typo', distance: best } : { verdict: 'wrong' };
}
