// Tokyo pitch accent from a downstep position (the mora after which the pitch falls; 0 = flat, heiban), as the
// dictionary gives it (NAIST-jdic). Pure, so the notation on screen and its spoken label come from one place.

/** Small kana that share a mora with the kana before them (きゃ, ファ, ティ). っ, ん and ー are morae of their own. */
const COMBINING = new Set([...'ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ']);

/** The reading cut into morae: きょう → きょ・う, がっこう → が・っ・こ・う, コーヒー → コ・ー・ヒ・ー. */
export function splitMorae(reading: string): string[] {
  const morae: string[] = [];
  for (const ch of reading) {
    if (COMBINING.has(ch) && morae.length > 0) morae[morae.length - 1] += ch;
    else morae.push(ch);
  }
  return morae;
}

export interface PitchPattern {
  /** One flag per mora: high or low. */
  high: boolean[];
  /** 1-based mora after which the pitch falls; 0 when it never falls inside the word (flat). */
  drop: number;
  /** A particle after the word (が, は) is high: only a flat word keeps the pitch up. */
  particleHigh: boolean;
}

/**
 * Standard Tokyo pattern: the first mora is low unless the accent is on it; then high up to and including the
 * accented mora, low after it. A flat word rises after the first mora and stays high, the particle too; a word
 * accented on its last mora (橋 はし²) looks flat inside the word and falls only on the particle (端 はし⁰ does not).
 */
export function pitchPattern(moraCount: number, downstep: number): PitchPattern {
  const n = Math.max(0, moraCount);
  // A position past the end (a reading shorter than the accent data expects) is read as "falls at the end".
  const k = Math.max(0, Math.min(Math.trunc(downstep) || 0, n));
  const high = Array.from({ length: n }, (_, i) => {
    if (k === 0) return i > 0;
    if (k === 1) return i === 0;
    return i > 0 && i < k;
  });
  return { high, drop: k, particleHigh: k === 0 };
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** "flat" or "falls after the 2nd mora": what a screen reader says and a tooltip shows. */
export function describePitch(downstep: number): string {
  return downstep > 0 ? `falls after the ${ordinal(downstep)} mora` : 'flat';
}
