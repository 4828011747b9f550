import { VOCAB_COURSES } from '../../kernel/courses';
import type { KuromojiToken } from './tokenizer';
import { toHiragana } from './text';

/**
 * i+1: how much of a sentence a learner already knows when its card comes up. A sentence's content words (nouns,
 * verbs, adjectives, adverbs … — not particles, auxiliaries, numbers, suffixes or symbols), minus the card's own
 * target, are "known" when they are course words the learner has met by then (`isKnown`). Pure: the build supplies
 * the tokens and the rule. docs/content.md tables the result per course and level.
 */

const FUNCTION_POS = new Set(['助詞', '助動詞', '記号', '接頭詞', 'フィラー', 'その他']);
const FUNCTION_DETAIL = new Set(['非自立', '接尾', '数', '代名詞', '特殊']);

/** Tokens that carry vocabulary a learner has to know (not grammar, numbers or punctuation). */
export function isContentToken(t: KuromojiToken): boolean {
  if (FUNCTION_POS.has(t.pos)) return false;
  if (FUNCTION_DETAIL.has(t.pos_detail_1)) return false;
  return /[\u3040-\u30ff\u3400-\u9fff]/.test(t.surface_form);
}

export interface WordRef {
  /** Dictionary form as kuromoji gives it (食べる for 食べました). */
  base: string;
  /** Hiragana reading of the dictionary form when kuromoji knows it. */
  reading?: string;
}

/**
 * The dictionary form of a token (食べ of 食べなかった → 食べる), with its reading when kuromoji gives the token in that
 * very form. The one mapping from text to course words: the content build (i+1) and the reader (issue 32) both use it.
 */
export function dictionaryForm(t: KuromojiToken): WordRef {
  const base = t.basic_form && t.basic_form !== '*' ? t.basic_form : t.surface_form;
  const reading = t.reading && t.reading !== '*' && t.surface_form === base ? toHiragana(t.reading) : undefined;
  return { base, reading };
}

export interface KnownShare {
  known: number;
  total: number;
  unknown: string[];
}

/**
 * Counts the content words of a tokenised sentence outside [targetStart, targetEnd) and how many of them
 * `isKnown` accepts. A sentence with no other content word counts as fully known.
 */
export function knownShare(tokens: readonly KuromojiToken[], targetStart: number, targetEnd: number, isKnown: (w: WordRef) => boolean): KnownShare {
  let at = 0;
  const out: KnownShare = { known: 0, total: 0, unknown: [] };
  for (const t of tokens) {
    const start = at;
    at += t.surface_form.length;
    if (start < targetEnd && at > targetStart) continue;
    if (!isContentToken(t)) continue;
    const word = dictionaryForm(t);
    out.total++;
    if (isKnown(word)) out.known++;
    else out.unknown.push(word.base);
  }
  return out;
}

export interface LevelShare {
  course: string;
  level: number;
  sentences: number;
  /** Mean share of known words over the level's sentences, 0–1. */
  mean: number;
  /** Share of the level's sentences with at least 80% known words. */
  atLeast80: number;
  /** The words most often not yet known in the level's sentences, most frequent first (for authors). */
  topUnknown: string[];
}

/** Aggregates per (course, level), in course then level order. */
export function levelShares(rows: ReadonlyArray<{ course: string; level: number; share: KnownShare }>): LevelShare[] {
  const groups = new Map<string, { course: string; level: number; shares: number[]; unknown: Map<string, number> }>();
  for (const r of rows) {
    const key = `${r.course}:${r.level}`;
    const g = groups.get(key) ?? { course: r.course, level: r.level, shares: [] as number[], unknown: new Map<string, number>() };
    g.shares.push(r.share.total ? r.share.known / r.share.total : 1);
    for (const u of r.share.unknown) g.unknown.set(u, (g.unknown.get(u) ?? 0) + 1);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => (a.course < b.course ? -1 : a.course > b.course ? 1 : a.level - b.level))
    .map((g) => ({
      course: g.course,
      level: g.level,
      sentences: g.shares.length,
      mean: g.shares.reduce((a, b) => a + b, 0) / g.shares.length,
      atLeast80: g.shares.filter((s) => s >= 0.8).length / g.shares.length,
      topUnknown: [...g.unknown].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 8).map(([w]) => w),
    }));
}

/** Dictionary forms kuromoji gives for words the course teaches in another form (ください is taught as itself). */
const BASE_ALIASES: Record<string, string> = { くださる: 'ください', 下さる: 'ください' };

export interface WordLike {
  id: number;
  course: string;
  level: number;
  kanji: string;
  reading: string;
  variants?: ReadonlyArray<{ written: string; reading: string }>;
}

/**
 * What a learner has met by (course, level): Vocab I words up to the level in Vocab I; all of Vocab I plus Vocab II
 * up to the level in Vocab II (and so on for Vocab III); in Kanji I the Vocab I words and the reading cards' example
 * words up to the level; in Kanji II all of that plus Kanji II example words and Vocab II words up to the level;
 * in kana the first Vocab I level and the kana example words up to the level.
 */
export function knownRule(
  vocab: readonly WordLike[],
  examples: ReadonlyArray<{ course: string; level: number; vocabId: number | null }>,
  kana: ReadonlyArray<{ level: number; vocab_reading: string }>,
): (course: string, level: number) => (w: WordRef) => boolean {
  const wordsOf = courseWordIndex(vocab);
  const exampleLevel = new Map<number, Array<{ course: string; level: number }>>();
  for (const e of examples) if (e.vocabId !== null) exampleLevel.set(e.vocabId, [...(exampleLevel.get(e.vocabId) ?? []), e]);
  const kanaWords = kana.map((k) => ({ level: k.level, reading: toHiragana(k.vocab_reading) }));
  // A vocab course's rank is its place in the course order (Vocab I is 1): the earlier courses' words are all met.
  const courseRank: Record<string, number> = Object.fromEntries(VOCAB_COURSES.map((c, i) => [c, i + 1]));
  const met = (course: string, level: number, v: WordLike): boolean => {
    const ex = exampleLevel.get(v.id) ?? [];
    if (Object.hasOwn(courseRank, course)) return courseRank[v.course] < courseRank[course] || (v.course === course && v.level <= level);
    switch (course) {
      case 'kanji1':
        return (v.course === 'vocab1' && v.level <= level) || ex.some((e) => e.course === 'kanji1' && e.level <= level);
      case 'kanji2':
        return v.course === 'vocab1' || (v.course === 'vocab2' && v.level <= level) || ex.some((e) => e.course === 'kanji1' || e.level <= level);
      default:
        return v.course === 'vocab1' && v.level === 1;
    }
  };
  return (course, level) => (w) => {
    if (wordsOf(w).some((v) => met(course, level, v))) return true;
    const base = BASE_ALIASES[w.base] ?? w.base;
    return course === 'kana' && kanaWords.some((k) => k.level <= level && k.reading === toHiragana(base));
  };
}

/**
 * The course words a dictionary form may be: by its spelling (the word's own or a recorded variant: 良い for いい),
 * and, for a form written in kana only, every word read that way (わかる → 分かる). A word written in kana in a
 * sentence is known by its sound: any course word read that way counts.
 */
export function courseWordIndex<V extends WordLike>(vocab: readonly V[]): (w: WordRef) => V[] {
  const byForm = new Map<string, V[]>();
  const add = (k: string, v: V) => {
    const list = byForm.get(k);
    if (!list) byForm.set(k, [v]);
    else if (!list.includes(v)) list.push(v);
  };
  for (const v of vocab) {
    add(v.kanji, v);
    add(`kana:${toHiragana(v.reading)}`, v);
    for (const f of v.variants ?? []) {
      add(f.written, v);
      add(`kana:${toHiragana(f.reading)}`, v);
    }
  }
  return (w) => {
    const base = BASE_ALIASES[w.base] ?? w.base;
    const kanaOnly = /^[\u3040-\u30ff]+$/.test(base);
    const written = byForm.get(base) ?? [];
    if (!kanaOnly) return written;
    const bySound = byForm.get(`kana:${toHiragana(base)}`) ?? [];
    return written.length ? [...written, ...bySound.filter((v) => !written.includes(v))] : bySound;
  };
}
