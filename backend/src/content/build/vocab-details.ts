import type { EdictSense } from './edict';
import { isKanjiChar, isKatakanaChar } from './text';
import { stripOrigin, trimGloss, type VocabCandidate } from './vocab-candidates';

/**
 * What a word's card and dictionary entry show besides its core meaning: readable parts of speech (with the verb
 * class and transitivity a learner conjugates by), up to three senses, the other spellings and readings merged into
 * the word, and a register note when a sense is offensive. All derived from EDICT; pure.
 */

/** EDICT part-of-speech codes → labels a learner reads. Codes not listed are left out (they are rare). */
const POS_LABELS: Record<string, string> = {
  n: 'noun',
  'n-adv': 'adverbial noun',
  'n-t': 'noun (time)',
  'n-pr': 'proper noun',
  pn: 'pronoun',
  num: 'numeral',
  ctr: 'counter',
  'adj-i': 'i-adjective',
  'adj-ix': 'i-adjective (いい/よい)',
  'adj-na': 'na-adjective',
  'adj-no': 'noun taking の',
  'adj-pn': 'pre-noun adjectival',
  'adj-t': 'taru adjective',
  'adj-f': 'used before a noun',
  adv: 'adverb',
  'adv-to': 'adverb taking と',
  conj: 'conjunction',
  int: 'interjection',
  exp: 'expression',
  pref: 'prefix',
  suf: 'suffix',
  'n-suf': 'suffix',
  'n-pref': 'prefix',
  prt: 'particle',
  'aux-v': 'auxiliary verb',
  'aux-adj': 'auxiliary adjective',
  v1: 'ichidan verb',
  'v1-s': 'ichidan verb (くれる)',
  v5u: 'godan verb (-u)',
  'v5u-s': 'godan verb (-u, special)',
  v5k: 'godan verb (-ku)',
  'v5k-s': 'godan verb (行く)',
  v5g: 'godan verb (-gu)',
  v5s: 'godan verb (-su)',
  v5t: 'godan verb (-tsu)',
  v5n: 'godan verb (-nu)',
  v5b: 'godan verb (-bu)',
  v5m: 'godan verb (-mu)',
  v5r: 'godan verb (-ru)',
  'v5r-i': 'godan verb (-ru, irregular)',
  v5aru: 'godan verb (-aru, honorific)',
  vk: 'irregular verb (来る)',
  vs: 'suru verb',
  'vs-i': 'suru verb',
  'vs-s': 'suru verb (special)',
  vz: 'zuru verb',
  vt: 'transitive',
  vi: 'intransitive',
};

/** Labels of a sense's codes, in EDICT's order, without repeats. */
export function posLabels(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => POS_LABELS[c]).filter((l): l is string => !!l))];
}

/** The part of speech of the core meaning, e.g. "godan verb (-ku), transitive" or "noun, suru verb". */
export function partOfSpeech(sense: EdictSense): string | undefined {
  const labels = posLabels(sense.pos);
  return labels.length ? labels.join(', ') : undefined;
}

const MAX_GLOSSES = 4;

/** Field tags of senses that are still everyday Japanese (food, sports in general). */
const EVERYDAY_FIELDS = new Set(['food', 'sports']);

/** A sense's glosses as a learner reads them: no origin tags, no encyclopaedic notes, at most four. */
export function cleanGlosses(sense: EdictSense): string[] {
  return [...new Set(sense.glosses.map((g) => trimGloss(stripOrigin(g))).filter((g) => g.length > 0))].slice(0, MAX_GLOSSES);
}

/**
 * Up to three senses with the core meaning first: when the word's definition was written by hand (肉 "meat"),
 * the EDICT sense that contains it moves to the front.
 */
export function wordSenses(c: VocabCandidate, definition: string, hidden: readonly string[] = []): Array<{ glosses: string[]; pos: string[] }> {
  // Beyond the first sense, leave out what a learner does not need on a card: specialist senses (a playing card,
  // a bird species) and senses a teacher hides (sexual slang EDICT does not tag).
  const shown = c.senses.filter((s, i) => i === 0 || (!(s.fields.length && s.fields.every((f) => !EVERYDAY_FIELDS.has(f))) && !s.glosses.some((g) => hidden.some((h) => g.startsWith(h)))));
  const senses = shown.map((s) => ({ glosses: cleanGlosses(s), pos: posLabels(s.pos) })).filter((s) => s.glosses.length);
  const core = definition.split(';')[0].trim().toLowerCase();
  const i = senses.findIndex((s) => s.glosses.some((g) => g.toLowerCase() === core || g.toLowerCase().startsWith(`${core} (`)));
  if (i > 0) senses.unshift(...senses.splice(i, 1));
  return senses.slice(0, 3);
}

/** Other spellings and readings of the word, the taught form and `hidden` ones ("written|reading") excluded. */
export function wordVariants(
  c: VocabCandidate,
  written: string,
  hidden: ReadonlySet<string> = new Set(),
): Array<{ written: string; reading: string }> {
  const seen = new Set([`${written}|${c.reading}`, ...hidden]);
  const out: Array<{ written: string; reading: string }> = [];
  const add = (w: string, r: string) => {
    const k = `${w}|${r}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ written: w, reading: r });
  };
  // The kanji spellings of a loanword are ateji (洋杯 for コップ): not shown.
  const loanword = [...written].every(isKatakanaChar);
  for (const v of c.regularVariants) if (v !== written && !(loanword && [...v].some(isKanjiChar))) add(v, c.reading);
  for (const f of c.otherForms) add(f.written, f.reading);
  return out.slice(0, 8);
}

const TAG_WORDS: Record<string, string> = { derog: 'derogatory', sens: 'sensitive', vulg: 'vulgar' };

/**
 * The register note: an authored note wins (an empty string means "no note needed", e.g. when the offensive sense is
 * obscure slang a learner will not meet); otherwise a note naming the offensive senses EDICT marks.
 */
export function registerNote(c: VocabCandidate, authored: ReadonlyMap<string, string>): string | undefined {
  const own = authored.get(`${c.written}|${c.reading}`) ?? authored.get(c.written);
  if (own !== undefined) return own || undefined;
  if (!c.sensitive.length) return undefined;
  const parts = c.sensitive.slice(0, 2).map((s) => `“${trimGloss(s.gloss)}” (${TAG_WORDS[s.tag] ?? s.tag})`);
  return `Careful: also used as ${parts.join(', ')}; avoid it in that sense.`;
}
