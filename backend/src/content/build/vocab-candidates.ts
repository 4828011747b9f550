import type { EdictLine, EdictSense } from './edict';
import { isKanaChar, isKanjiChar, isKatakanaChar, toHiragana } from './text';

/**
 * From EDICT's common (P) lines to one candidate per word:
 *  - senses marked archaic, obsolete, obscure, slang, X-rated, or regional (dialect tags), are dropped; so are
 *    derogatory, sensitive and vulgar senses, which leave a register note on the word (`sensitive`);
 *  - senses that are only grammar (particles, auxiliaries, prefixes, suffixes, copula) are dropped; counters stay
 *    (枚, 匹, 冊 are words a beginner learns);
 *  - a line left without senses is dropped, and so is one whose headword has anything but kana and kanji, and a
 *    kana line marked as an irregular spelling;
 *  - spellings and readings of one word merge into one candidate (see buildCandidates); the written form is the
 *    regular spelling (no iK/oK/ateji tag, easiest kanji), or the kana when the first sense is "usually kana";
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
  /** Other spellings and readings merged into this word (written, hiragana reading), main form excluded. */
  otherForms: Array<{ written: string; reading: string }>;
  /** Senses left out because they are derogatory, sensitive or vulgar: the word needs a register note. */
  sensitive: Array<{ tag: string; gloss: string }>;
  line: number;
  usuallyKana: boolean;
}

/**
 * Spellings a word may be met under: its written form, its kanji form (うらやましい's 羨ましい) and its regular
 * variants (恐れ's 虞, 個所's 箇所). UniDic is searched under all of them, and a kanji no taught spelling uses can be
 * taught with one of the others (readings.ts).
 */
export function spellingsOf(c: VocabCandidate): string[] {
  return [...new Set([c.written, c.kanjiForm, ...c.regularVariants])];
}

/** Senses a learner is never taught: archaic, obsolete, slang, X-rated, or only rare. */
const DROP_MISC = new Set(['arch', 'obs', 'obsc', 'sl', 'net-sl', 'm-sl', 'male-sl', 'X', 'rare', 'dated']);
/** Senses that are offensive: left out of the meanings, but the word keeps a visible register note. */
const SENSITIVE_MISC = new Set(['derog', 'sens', 'vulg']);
const GRAMMAR_POS = new Set(['prt', 'aux', 'aux-v', 'aux-adj', 'pref', 'suf', 'n-suf', 'n-pref', 'cop-da', 'cop', 'unc']);
const IRREGULAR_HEAD = new Set(['iK', 'ik', 'io', 'oK', 'ok', 'ateji', 'gikun', 'oik', 'rK', 'rk', 'sK', 'sk']);
/** Kana headwords with these tags are misspellings or old spellings (こんにちわ is tagged col + ik elsewhere). */
const IRREGULAR_KANA = new Set(['ik', 'ok', 'rk', 'sk']);

export function keepSense(s: EdictSense): boolean {
  if (s.misc.some((m) => DROP_MISC.has(m) || SENSITIVE_MISC.has(m))) return false;
  if (s.dialects.length) return false;
  if (s.pos.length && s.pos.every((p) => GRAMMAR_POS.has(p))) return false;
  return true;
}

/** Looser filter for breakdown meanings: grammar senses (suffixes, counters) are fine there. */
export function keepSenseForGloss(s: EdictSense): boolean {
  return !s.misc.some((m) => DROP_MISC.has(m) || SENSITIVE_MISC.has(m)) && !s.dialects.length;
}

function writable(s: string): boolean {
  return [...s].every((c) => isKanaChar(c) || isKanjiChar(c)) && ![...s].some((c) => c === '・' || c === 'ヽ' || c === 'ヾ');
}

const isKatakanaWord = (s: string) => [...s].every((c) => isKatakanaChar(c));

/** Levenshtein distance of two short strings (readings). */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

/** Union-find over line indexes. */
class Groups {
  private parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]];
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The earlier line stays the root: EDICT lists an entry's main form first.
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

export interface CandidateOptions {
  /** Teaching index of a kanji (Infinity for non-jōyō): orders spellings. */
  kanjiRank?: (ch: string) => number;
  /**
   * Word cost of a (written, hiragana reading) pair in a morphological dictionary (lower = more frequent), used to
   * choose the main reading of a word that has several (悪口 わるくち over あっこう).
   */
  cost?: (written: string, reading: string) => number | undefined;
  /** Spellings that stay words of their own although EDICT lists them with others (authored/word-list.ts). */
  separate?: ReadonlySet<string>;
  /** Which word keeps a kana spelling two words share (あの: the demonstrative 彼の, not the filler). */
  kanaOwner?: ReadonlyMap<string, string>;
}

/**
 * Lines → candidates, in EDICT line order.
 *
 * One word per meaning: lines are grouped when they are the same word written or read another way —
 *  - same reading, same meanings (有難う/有り難う, 聞く/聴く);
 *  - same spelling, same meanings (言う いう/ゆう, 悪口 わるくち/あっこう/わるぐち, 毎年 まいとし/まいねん);
 *  - same reading, same first meaning (暖かい/温かい "warm");
 *  - kana spellings of one loanword or greeting with the same meanings, a sound or two apart (メイン/メーン,
 *    プレー/プレイ, こんにちは/こんにちわ);
 *  - a katakana spelling of a native word (マジメ of 真面目, ウソ of 嘘, カメ of 亀).
 * The main form is the most regular, most frequent (lowest `cost`) one; the others are listed in `otherForms`.
 * `kanjiRank` orders spellings: among regular spellings, the one with the fewest non-jōyō kanji, then the easiest
 * hardest kanji wins (目 over 眼, 川 over 河, 聞く over 聴く), then the longer one (more okurigana: 引っ越し over
 * 引越し), then the earliest line.
 */
export function buildCandidates(lines: EdictLine[], options: CandidateOptions | ((ch: string) => number) = {}): VocabCandidate[] {
  const opts: CandidateOptions = typeof options === 'function' ? { kanjiRank: options } : options;
  const kanjiRank = opts.kanjiRank ?? (() => 0);
  const spellingCost = (w: string) => {
    const ranks = [...w].filter(isKanjiChar).map(kanjiRank);
    const nonJoyo = ranks.filter((r) => !Number.isFinite(r)).length;
    const max = Math.max(0, ...ranks.filter((r) => Number.isFinite(r)));
    return nonJoyo * 1e6 + max * 10 - Math.min(9, [...w].length);
  };
  interface Kept {
    line: EdictLine;
    senses: EdictSense[];
    sensitive: Array<{ tag: string; gloss: string }>;
    reading: string;
    full: string;
    first: string;
  }
  const kept: Kept[] = [];
  for (const l of lines) {
    if (!l.common || !writable(l.headword) || !writable(l.reading)) continue;
    if (![...l.reading].every(isKanaChar)) continue;
    if (l.headword === l.reading && l.headTags.some((t) => IRREGULAR_KANA.has(t))) continue;
    const senses = l.senses.filter(keepSense);
    if (!senses.length) continue;
    const sensitive = l.senses
      .filter((s) => s.misc.some((m) => SENSITIVE_MISC.has(m)))
      .map((s) => ({ tag: s.misc.find((m) => SENSITIVE_MISC.has(m))!, gloss: stripOrigin(s.glosses[0] ?? '') }));
    kept.push({
      line: l,
      senses,
      sensitive,
      reading: toHiragana(l.reading),
      full: senses.map((s) => s.glosses.join('/')).join('|'),
      first: senses[0].glosses.join('/'),
    });
  }
  const groups = new Groups(kept.length);
  const linkBy = (key: (k: Kept) => string | undefined) => {
    const seen = new Map<string, number>();
    kept.forEach((k, i) => {
      const sig = key(k);
      if (sig === undefined) return;
      const j = seen.get(sig);
      if (j === undefined) seen.set(sig, i);
      else groups.union(j, i);
    });
  };
  // A spelling kept apart links only with spellings of its own kanji (表す with 表わす, not with 現す).
  const apart = (k: Kept) => (opts.separate?.has(k.line.headword) ? `${[...k.line.headword][0]}\u0000` : '');
  linkBy((k) => `${apart(k)}${k.reading}\u0000${k.full}`);
  linkBy((k) => (k.line.headword !== k.line.reading ? `${k.line.headword}\u0000${k.full}` : undefined));
  linkBy((k) => `${apart(k)}${k.reading}\u0000${k.first}`);
  // Kana spellings a sound or two apart with exactly the same meanings (メイン/メーン).
  const byFull = new Map<string, number[]>();
  kept.forEach((k, i) => {
    if (k.line.headword !== k.line.reading && !k.senses[0].misc.includes('uk')) return;
    byFull.set(k.full, [...(byFull.get(k.full) ?? []), i]);
  });
  for (const ids of byFull.values()) {
    for (let a = 0; a < ids.length; a++)
      for (let b = a + 1; b < ids.length; b++) {
        const ra = kept[ids[a]].reading;
        const rb = kept[ids[b]].reading;
        if (Math.min(ra.length, rb.length) >= 3 && editDistance(ra, rb) <= 2) groups.union(ids[a], ids[b]);
      }
  }
  // A katakana spelling of a native word: same reading as a word written otherwise, sharing a first-sense gloss.
  const nativeByReading = new Map<string, number[]>();
  kept.forEach((k, i) => {
    if (!isKatakanaWord(k.line.headword)) nativeByReading.set(k.reading, [...(nativeByReading.get(k.reading) ?? []), i]);
  });
  kept.forEach((k, i) => {
    if (!isKatakanaWord(k.line.headword)) return;
    const mine = new Set(k.senses[0].glosses);
    const native = (nativeByReading.get(k.reading) ?? []).find((j) => !apart(kept[j]) && kept[j].senses[0].glosses.some((g) => mine.has(g)));
    if (native !== undefined) groups.union(native, i);
  });

  const members = new Map<number, number[]>();
  kept.forEach((_, i) => {
    const r = groups.find(i);
    members.set(r, [...(members.get(r) ?? []), i]);
  });
  const all: VocabCandidate[] = [];
  for (const ids of [...members.values()].sort((a, b) => a[0] - b[0])) {
    const group = ids.map((i) => kept[i]);
    // Main reading: a native spelling over a katakana one, a regular form over a colloquial or irregular one, then
    // the most frequent, then EDICT's order.
    // A loanword spelt without its final ー is the older spelling (メーカ → メーカー, as newspapers and JIS write
    // since the 2000s).
    const rankOf = (k: Kept) =>
      (isKatakanaWord(k.line.headword) && group.some((g) => !isKatakanaWord(g.line.headword)) ? 4 : 0) +
      (k.senses[0].misc.includes('col') || k.line.headTags.some((t) => IRREGULAR_HEAD.has(t)) ? 2 : 0) +
      (isKatakanaWord(k.line.headword) && group.some((g) => g.reading === `${k.reading}ー`) ? 1 : 0);
    const costOf = (k: Kept) => opts.cost?.(k.line.headword, k.reading) ?? Infinity;
    const main = group.reduce((a, b) => {
      const d = rankOf(b) - rankOf(a) || costOf(b) - costOf(a);
      return d < 0 ? b : a;
    });
    const sameReading = group.filter((k) => k.reading === main.reading);
    const regular = sameReading.filter((k) => !k.line.headTags.some((t) => IRREGULAR_HEAD.has(t)) && !isKatakanaWord(k.line.headword));
    // An ateji spelling is still the standard one over a katakana spelling of a native word (真面目, not マジメ).
    const native = sameReading.filter((k) => !isKatakanaWord(k.line.headword));
    const pool = regular.length ? regular : native.length && !isKatakanaWord(main.line.headword) ? native : sameReading;
    const best = pool.reduce((a, b) => (spellingCost(b.line.headword) < spellingCost(a.line.headword) ? b : a));
    const usuallyKana = main.senses[0].misc.includes('uk');
    // A "usually kana" word is shown in hiragana (すごい), not in a katakana variant (スゴイ), unless it is a loanword.
    const edictReading = sameReading.find((k) => k.line.reading === main.reading)?.line.reading ?? main.line.reading;
    const written = usuallyKana ? edictReading : best.line.headword;
    const reading = main.reading;
    const forms = new Map<string, { written: string; reading: string }>();
    const loanword = isKatakanaWord(written);
    for (const k of group) {
      // Variants a learner should meet: not irregular or colloquial spellings (今日わ), not the ateji of a loanword
      // (洋杯 for コップ).
      if (k.line.headTags.some((t) => IRREGULAR_HEAD.has(t))) continue;
      if (k.senses[0].misc.includes('col') && !main.senses[0].misc.includes('col')) continue;
      if (loanword && [...k.line.headword].some(isKanjiChar)) continue;
      const f = { written: k.line.headword, reading: k.reading };
      if ((f.written === written || f.written === best.line.headword) && f.reading === reading) continue;
      if (f.written === f.reading && f.reading === reading) continue;
      forms.set(`${f.written}|${f.reading}`, f);
    }
    all.push({
      key: `${written}|${reading}`,
      written,
      kanjiForm: best.line.headword,
      reading,
      edictReading,
      senses: main.senses,
      variants: [...new Set(sameReading.map((k) => k.line.headword))],
      regularVariants: [...new Set(regular.map((k) => k.line.headword))],
      otherForms: [...forms.values()],
      sensitive: dedupeSensitive(group.flatMap((k) => k.sensitive)),
      line: best.line.line,
      usuallyKana,
    });
  }
  // Two words written and read alike (或る and 有る, both "ある" in kana): the one `kanaOwner` names, else the one
  // with more senses, keeps the kana; the other is written with its kanji, or dropped when it has none.
  const byKey = new Map<string, VocabCandidate[]>();
  for (const c of all) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const out: VocabCandidate[] = [];
  const seen = new Set<string>();
  for (const c of all) {
    const rivals = byKey.get(c.key)!;
    const owner = opts.kanaOwner?.get(c.key.split('|')[0]);
    const winner = rivals.find((r) => r.kanjiForm === owner) ?? rivals.reduce((a, b) => (b.senses.length > a.senses.length ? b : a));
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

function dedupeSensitive(list: Array<{ tag: string; gloss: string }>): Array<{ tag: string; gloss: string }> {
  const seen = new Set<string>();
  return list.filter((x) => (seen.has(x.gloss) ? false : (seen.add(x.gloss), true)));
}

/**
 * EDICT's loanword origin tags — "(por:)", "(eng: coffee, dut: koffie)", "(fre: vis)", "(wasei: come here)" —
 * say where a word comes from, not what it means; a learner should never see them as part of a meaning.
 */
export function stripOrigin(gloss: string): string {
  return gloss
    .replace(/\s*\((?:wasei|[a-z]{3}):[^()]*(?:\([^()]*\)[^()]*)*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * A short English definition: the first sense's glosses, up to three and about 60 characters, e.g. "to eat" or
 * "school". Explanatory parentheses at the start ("(someone's) …") are kept; gloss order follows EDICT.
 */
export function shortDefinition(c: VocabCandidate): string {
  const glosses = c.senses[0].glosses.map((g) => trimGloss(stripOrigin(g))).filter(Boolean);
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

/**
 * Folds a word EDICT lists on its own into the word it is another reading of (明日 あす into 明日 あした): the
 * folded reading becomes a variant. `map` is "written|reading" → the main reading, or → "written|reading" of
 * the main word when the spelling differs too (表わす into 表す).
 */
export function mergeReadingVariants(cands: VocabCandidate[], map: ReadonlyMap<string, string>): VocabCandidate[] {
  const byKey = new Map(cands.map((c) => [c.key, c]));
  const folded = new Set<VocabCandidate>();
  for (const [key, target] of map) {
    const other = byKey.get(key);
    const [written, mainReading] = target.includes('|') ? target.split('|') : [key.split('|')[0], target];
    const main = byKey.get(`${written}|${mainReading}`) ?? cands.find((c) => c.kanjiForm === written && c.reading === mainReading);
    if (!other || !main || other === main) continue;
    main.otherForms.push({ written: other.kanjiForm, reading: other.reading }, ...other.otherForms);
    folded.add(other);
  }
  return cands.filter((c) => !folded.has(c));
}

/** Adds the authored spellings (word key → "written|reading" of each) to a word's other forms. */
export function addVariants(cands: VocabCandidate[], added: ReadonlyMap<string, readonly string[]>): VocabCandidate[] {
  return cands.map((c) => {
    const forms = [c.key, ...c.variants.map((v) => `${v}|${c.reading}`)].map((k) => added.get(k)).find(Boolean);
    if (!forms) return c;
    const have = new Set([`${c.written}|${c.reading}`, ...c.otherForms.map((f) => `${f.written}|${f.reading}`)]);
    const extra = forms.filter((f) => !have.has(f)).map((f) => ({ written: f.split('|')[0], reading: f.split('|')[1] }));
    return extra.length ? { ...c, otherForms: [...c.otherForms, ...extra] } : c;
  });
}

/** Writes a word in its usual spelling (reading → written) when that spelling is one of its variants. */
export function preferSpellings(cands: VocabCandidate[], preferred: ReadonlyMap<string, string>): VocabCandidate[] {
  return cands.map((c) => {
    const w = preferred.get(c.reading);
    if (!w || w === c.written || !(c.variants.includes(w) || c.otherForms.some((f) => f.written === w))) return c;
    return {
      ...c,
      key: `${w}|${c.reading}`,
      written: w,
      kanjiForm: w,
      variants: [...new Set([w, ...c.variants])],
      regularVariants: [...new Set([w, ...c.regularVariants])],
      otherForms: [{ written: c.written, reading: c.reading }, ...c.otherForms.filter((f) => f.written !== w)],
    };
  });
}
