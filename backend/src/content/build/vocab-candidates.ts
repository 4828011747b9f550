import type { EdictLine, EdictSense } from './edict';
import { isKanaChar, isKanjiChar, toHiragana } from './text';

/**
 * From EDICT's common (P) lines to one candidate per word:
 *  - senses marked archaic, obsolete, obscure, slang, vulgar or X-rated, or regional (dialect tags), are dropped;
 *  - senses that are only grammar (particles, auxiliaries, prefixes, suffixes, counters, copula) are dropped;
 *  - a line left without senses is dropped, and so is one whose headword has anything but kana and kanji;
 *  - spelling variants (same reading, same meanings: 有難う/有り難う) merge into one word; the written form is the
 *    regular spelling (no iK/oK/ateji tag, earliest line), or the kana when the first sense is "usually kana";
 *  - two words that end up written and read the same (居る/いる and 要る/いる… when both are kana) keep the first.
 */

export interface VocabCandidate {
  /** Stable key: written form + reading. */
  key: string;
  /** Written form as taught: kanji spelling, or kana for "usually kana" words. */
  written: string;
  /** The kanji spelling even for "usually kana" words (used for alignment and kanji cards). */
  kanjiForm: string;
  /** Hiragana reading (ー kept for loanwords). */
  reading: string;
  /** EDICT reading as written (katakana for loanwords). */
  edictReading: string;
  senses: EdictSense[];
  /** All spellings merged into this word. */
  variants: string[];
  /** Spellings without an irregular-kanji/ateji tag. */
  regularVariants: string[];
  line: number;
  usuallyKana: boolean;
}

const DROP_MISC = new Set(['arch', 'obs', 'obsc', 'sl', 'net-sl', 'm-sl', 'male-sl', 'vulg', 'X', 'rare', 'dated']);
const GRAMMAR_POS = new Set(['prt', 'aux', 'aux-v', 'aux-adj', 'pref', 'suf', 'n-suf', 'n-pref', 'ctr', 'cop-da', 'cop', 'unc']);
const IRREGULAR_HEAD = new Set(['iK', 'ik', 'io', 'oK', 'ok', 'ateji', 'gikun', 'oik', 'rK', 'rk', 'sK', 'sk']);

export function keepSense(s: EdictSense): boolean {
  if (s.misc.some((m) => DROP_MISC.has(m))) return false;
  if (s.dialects.length) return false;
  if (s.pos.length && s.pos.every((p) => GRAMMAR_POS.has(p))) return false;
  return true;
}

/** Looser filter for breakdown meanings: grammar senses (suffixes, counters) are fine there. */
export function keepSenseForGloss(s: EdictSense): boolean {
  return !s.misc.some((m) => DROP_MISC.has(m)) && !s.dialects.length;
}

function writable(s: string): boolean {
  return [...s].every((c) => isKanaChar(c) || isKanjiChar(c)) && ![...s].some((c) => c === '・' || c === 'ヽ' || c === 'ヾ');
}

/**
 * Lines → candidates, in EDICT line order. `kanjiRank` (teaching index, Infinity for non-jōyō) orders spellings:
 * among regular spellings, the one with the fewest non-jōyō kanji, then the easiest hardest kanji wins (目 over 眼,
 * 川 over 河, 聞く over 聴く), then the longer one (more okurigana: 引っ越し over 引越し), then the earliest line.
 */
export function buildCandidates(lines: EdictLine[], kanjiRank: (ch: string) => number = () => 0): VocabCandidate[] {
  const spellingCost = (w: string) => {
    const ranks = [...w].filter(isKanjiChar).map(kanjiRank);
    const nonJoyo = ranks.filter((r) => !Number.isFinite(r)).length;
    const max = Math.max(0, ...ranks.filter((r) => Number.isFinite(r)));
    return nonJoyo * 1e6 + max * 10 - Math.min(9, [...w].length);
  };
  interface Group {
    lines: EdictLine[];
    senses: EdictSense[];
    reading: string;
  }
  const groups = new Map<string, Group>();
  const order: string[] = [];
  for (const l of lines) {
    if (!l.common || !writable(l.headword) || !writable(l.reading)) continue;
    if (![...l.reading].every(isKanaChar)) continue;
    const senses = l.senses.filter(keepSense);
    if (!senses.length) continue;
    // Variants share the reading and the exact meanings.
    const sig = `${toHiragana(l.reading)}\u0000${senses.map((s) => s.glosses.join('/')).join('|')}`;
    let g = groups.get(sig);
    if (!g) {
      g = { lines: [], senses, reading: l.reading };
      groups.set(sig, g);
      order.push(sig);
    } else if (toHiragana(g.reading) === l.reading && g.reading !== l.reading) {
      g.reading = l.reading; // a "usually kana" word is shown in hiragana (すごい), not in a katakana variant (スゴイ)
    }
    g.lines.push(l);
  }
  const all: VocabCandidate[] = [];
  for (const sig of order) {
    const g = groups.get(sig)!;
    const regular = g.lines.filter((l) => !l.headTags.some((t) => IRREGULAR_HEAD.has(t)));
    const pool = regular.length ? regular : g.lines;
    const best = pool.reduce((a, b) => (spellingCost(b.headword) < spellingCost(a.headword) ? b : a));
    const usuallyKana = g.senses[0].misc.includes('uk');
    const written = usuallyKana ? g.reading : best.headword;
    const reading = toHiragana(g.reading);
    all.push({
      key: `${written}|${reading}`,
      written,
      kanjiForm: best.headword,
      reading,
      edictReading: g.reading,
      senses: g.senses,
      variants: [...new Set(g.lines.map((l) => l.headword))],
      regularVariants: [...new Set(regular.map((l) => l.headword))],
      line: best.line,
      usuallyKana,
    });
  }
  // Two words written and read alike (或る and 有る, both "ある" in kana): the one with more senses keeps the kana;
  // the other is written with its kanji, or dropped when it has none.
  const byKey = new Map<string, VocabCandidate[]>();
  for (const c of all) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const out: VocabCandidate[] = [];
  const seen = new Set<string>();
  for (const c of all) {
    const rivals = byKey.get(c.key)!;
    const winner = rivals.reduce((a, b) => (b.senses.length > a.senses.length ? b : a));
    let cand = c;
    if (c !== winner) {
      if (c.kanjiForm === c.written) continue;
      cand = { ...c, written: c.kanjiForm, key: `${c.kanjiForm}|${c.reading}`, usuallyKana: false };
    }
    if (seen.has(cand.key)) continue;
    seen.add(cand.key);
    out.push(cand);
  }
  return out;
}

/**
 * A short English definition: the first sense's glosses, up to three and about 60 characters, e.g. "to eat" or
 * "school". Explanatory parentheses at the start ("(someone's) …") are kept; gloss order follows EDICT.
 */
export function shortDefinition(c: VocabCandidate): string {
  const glosses = c.senses[0].glosses.map(trimGloss);
  let out = '';
  for (const g of glosses.slice(0, 3)) {
    const next = out ? `${out}; ${g}` : g;
    if (out && next.length > 60) break;
    out = next;
  }
  return out;
}

/** Drops a trailing encyclopaedic note: "dog (Canis (lupus) familiaris)" → "dog", "water (esp. cool …)" → "water". */
export function trimGloss(g: string): string {
  const m = /^(.*?\S)\s*\((.*)\)$/.exec(g);
  if (!m) return g;
  const note = m[2];
  if (/\b(esp|e\.g|i\.e|usu|spp)\.|\b[A-Z][a-z]+ \(?[a-z]+\)? ?[a-z]*$|^[A-Z][a-z]+ [a-z]+/.test(note)) return m[1];
  return g;
}
