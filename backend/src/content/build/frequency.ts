import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { NaistJdic, type MecabToken } from './naist-jdic';
import { isKanjiChar, toKatakana } from './text';

/**
 * A frequency proxy for ordering words, read out of UniDic (Debian `unidic-mecab` 3.1.1, the dictionary of the
 * Corpus of Contemporary Written Japanese; BSD-3-Clause or LGPL-2.1 or GPL-2+, we take BSD-3). No frequency list is
 * available offline, and dictionary word costs are not frequencies (see the note at the end of this file).
 *
 * UniDic's MeCab model (`model.def`) was trained on BCCWJ, a balanced corpus (books, magazines, newspapers, blogs,
 * Q&A sites, textbooks). For every lemma its training text contained, the model holds one feature per spelling,
 * pronunciation and inflected form seen (templates L01, LG…, LGC…, LGO…, LGP…), each with a weight. Two numbers
 * per lemma follow from that file alone:
 *   - features: how many such features exist: a word met often is met in more spellings and forms;
 *   - weight: the sum of their absolute weights: how hard the corpus pulled the word into or out of analyses.
 * A lemma absent from the file never occurred in the training text. Each number is ranked against the lemmas of the
 * same part of speech (a verb has dozens of inflected forms, a noun one or two spellings); the score of a lemma is
 * one minus the mean of the two ranks: near 0 for the most used words of their part of speech, 1 for unseen ones.
 *
 * UniDic files verbs spelled with other kanji under one lemma (卸す under 下ろす, 謀る under 図る, 逢う under 会う)
 * where EDICT has words of their own, so a verb's or adjective's kanji spelling gets its lemma's numbers times its
 * share of the forms seen in kanji (nothing when never seen). Nouns are spared: a noun has one form per spelling,
 * so the share would only count spellings (道 has five), not how often each is used.
 *
 * A word is found as one UniDic token (surface = written form, kana = reading, dictionary form) or else as a
 * sequence of UniDic's short units whose kana spell the reading (看護師 = 看護 + 師, 冷蔵庫 = 冷蔵 + 庫): UniDic
 * cuts compounds into short units, so 16% of EDICT's common words are compounds here. A compound scores as its
 * rarest content part plus COMPOUND_STEP per extra part.
 */

export const UNIDIC_PACKAGE = 'unidic-mecab';
export const UNIDIC_SYS_DIC = '/var/lib/mecab/dic/unidic/sys.dic';
export const UNIDIC_MODEL = '/usr/share/mecab/dic/unidic/model.def';

/** Parts of speech ranked separately (UniDic's pos1, small classes pooled as "other"). */
export type PosGroup = 'noun' | 'verb' | 'adjective' | 'na-adjective' | 'adverb' | 'other';

export interface LemmaUsage {
  /** Number of lemma-specific features in the model (spellings × pronunciations × forms seen). */
  features: number;
  /** Sum of their absolute weights. */
  weight: number;
  group: PosGroup;
  /**
   * Verbs and adjectives only: feature count per kanji spelling seen, keyed by the spelling's first kanji (下ろす →
   * 下, 卸す → 卸; 近づく and 近付く are one spelling). Kana spellings are not counted.
   */
  spellings?: ReadonlyMap<string, number>;
}

export interface FrequencyEstimate {
  /** 0 = among the most used words of its part of speech … 1 = rare or not seen in the corpus. */
  score: number;
  /** `word`: one UniDic token; `compound`: two or more; `unknown`: UniDic cannot spell the word with this reading. */
  source: 'word' | 'compound' | 'unknown';
  /** The UniDic lemmas (`lForm,lemma`, e.g. `スシ,寿司`) the estimate comes from, in word order. */
  lemmas: string[];
}

/** One token of the dictionary as the estimator needs it. */
export interface UnidicToken {
  /** Katakana of this surface (UniDic's `kana` field). */
  kana: string;
  /** `lForm,lemma`, the key of LemmaUsage. */
  lemma: string;
  /** UniDic pos1 and pos2 (名詞, 普通名詞 …). */
  pos1: string;
  pos2: string;
  /** Inflected form (`*` for words that do not inflect, `終止形-一般` for the dictionary form). */
  cForm: string;
}

export interface FrequencyOptions {
  /** Added to a compound's score per part beyond the first: a compound is rarer than its rarest part. */
  compoundStep?: number;
  /** Weights below this count as equal: such words needed no pull at all, the digits after are training noise. */
  weightFloor?: number;
}

export const COMPOUND_STEP = 0.05;
export const WEIGHT_FLOOR = 1e-3;
/** Compounds of more parts than this are not searched (EDICT's common words have at most 6). */
const MAX_PARTS = 6;
/** Parts of speech that are not a content part of a compound (お〜, 〜的, 〜さん, particles inside phrases). */
const AFFIX_POS = new Set(['接頭辞', '接尾辞', '助詞', '助動詞']);

export function posGroup(pos1: string): PosGroup {
  switch (pos1) {
    case '名詞':
    case '代名詞':
      return 'noun';
    case '動詞':
      return 'verb';
    case '形容詞':
      return 'adjective';
    case '形状詞':
      return 'na-adjective';
    case '副詞':
      return 'adverb';
    default:
      return 'other';
  }
}

/** What tells kanji spellings of one verb apart: the first kanji (卸す → 卸, 近付く → 近); '' for kana. */
export function kanjiKey(spelling: string): string {
  return [...spelling].find(isKanjiChar) ?? '';
}

/**
 * The pure part: scores words from a token lookup and the lemma table. `loadFrequency` wires it to the Debian
 * files; tests give it small fakes.
 */
export class FrequencyModel {
  /** Per group, the sorted log-features and log-weights of every lemma of that group. */
  private readonly ranks = new Map<PosGroup, { features: Float64Array; weight: Float64Array }>();
  private readonly step: number;
  private readonly floor: number;

  constructor(
    private readonly lookup: (surface: string) => readonly UnidicToken[],
    private readonly usage: ReadonlyMap<string, LemmaUsage>,
    options: FrequencyOptions = {},
  ) {
    this.step = options.compoundStep ?? COMPOUND_STEP;
    this.floor = options.weightFloor ?? WEIGHT_FLOOR;
    const byGroup = new Map<PosGroup, LemmaUsage[]>();
    for (const u of usage.values()) {
      const list = byGroup.get(u.group);
      if (list) list.push(u);
      else byGroup.set(u.group, [u]);
    }
    for (const [g, list] of byGroup) {
      this.ranks.set(g, {
        features: Float64Array.from(list.map((u) => Math.log(1 + u.features))).sort(),
        weight: Float64Array.from(list.map((u) => Math.log(Math.max(this.floor, u.weight)))).sort(),
      });
    }
  }

  /**
   * 0 (most used) … 1 (rare or unseen) for one lemma, or for one kanji spelling of it (`spelling`): one minus the
   * mean of its ranks by feature count and by weight among the lemmas of its part of speech.
   */
  lemmaScore(lemma: string, spelling?: string): number {
    const u = this.usage.get(lemma);
    if (!u) return 1;
    let share = 1;
    const key = spelling === undefined ? '' : kanjiKey(spelling);
    if (u.spellings?.size && key) {
      let total = 0;
      for (const n of u.spellings.values()) total += n;
      share = (u.spellings.get(key) ?? 0) / total;
    }
    if (share === 0) return 1;
    const r = this.ranks.get(u.group)!;
    const features = rankOf(r.features, Math.log(1 + u.features * share));
    const weight = rankOf(r.weight, Math.log(Math.max(this.floor, u.weight * share)));
    return 1 - (features + weight) / 2;
  }

  /** The estimate for a word written `written` and read `reading` (hiragana or katakana). */
  estimate(written: string, reading: string): FrequencyEstimate {
    const kana = toKatakana(reading);
    // One token: the dictionary form with this reading; a common noun beats a proper noun spelled alike.
    let best: { score: number; lemma: string; proper: boolean } | undefined;
    for (const t of this.lookup(written)) {
      if (t.kana !== kana || (t.cForm !== '*' && t.cForm !== '終止形-一般')) continue;
      const c = { score: this.lemmaScore(t.lemma, written), lemma: t.lemma, proper: t.pos2 === '固有名詞' };
      if (!best || (best.proper && !c.proper) || (best.proper === c.proper && c.score < best.score)) best = c;
    }
    if (best) return { score: best.score, source: 'word', lemmas: [best.lemma] };
    const parts = this.segment(written, kana);
    if (!parts) return { score: 1, source: 'unknown', lemmas: [] };
    const content = parts.filter((p) => !AFFIX_POS.has(p.token.pos1));
    const rarest = Math.max(...(content.length ? content : parts).map((p) => this.lemmaScore(p.token.lemma, p.surface)));
    // A word UniDic lists whole but never saw (打ち切り, 葬送) is not scored by its parts: tried on the gold standards,
    // borrowing the parts' frequency ranked more rare words early than it rescued everyday ones.
    return { score: Math.min(1, rarest + this.step * (parts.length - 1)), source: 'compound', lemmas: parts.map((p) => p.token.lemma) };
  }

  /** Shorthand for `estimate(...).score`. */
  score(written: string, reading: string): number {
    return this.estimate(written, reading).score;
  }

  /**
   * The best estimate over a word's spellings (its written form, kanji form and regular variants: EDICT may teach
   * 友だち where the corpus wrote 友達). No part of speech is needed: UniDic's own decides the comparison group.
   */
  bestOf(spellings: Iterable<string>, reading: string): FrequencyEstimate {
    let best: FrequencyEstimate | undefined;
    for (const w of new Set(spellings)) {
      const e = this.estimate(w, reading);
      if (!best || e.score < best.score) best = e;
    }
    return best ?? { score: 1, source: 'unknown', lemmas: [] };
  }

  /**
   * Splits a written form into two or more UniDic tokens whose kana spell the reading: fewest parts first, then the
   * split whose rarest content part is the most used. Undefined when no split exists (a spelling or reading UniDic
   * lacks).
   */
  private segment(written: string, kana: string): Array<{ surface: string; token: UnidicToken }> | undefined {
    const chars = [...written];
    type Split = { parts: Array<{ surface: string; token: UnidicToken }>; worst: number };
    // (characters used, kana used) → best split reaching that point
    const best = new Map<string, Split>();
    const better = (a: Split, b: Split | undefined) =>
      !b || a.parts.length < b.parts.length || (a.parts.length === b.parts.length && a.worst < b.worst);
    best.set('0:0', { parts: [], worst: 0 });
    for (let i = 0; i < chars.length; i++) {
      for (let j = 0; j <= kana.length; j++) {
        const from = best.get(`${i}:${j}`);
        if (!from || from.parts.length >= MAX_PARTS) continue;
        for (let k = i + 1; k <= chars.length; k++) {
          if (i === 0 && k === chars.length) continue; // the whole word is not a compound of itself
          const surface = chars.slice(i, k).join('');
          for (const t of this.lookup(surface)) {
            if (!t.kana || !kana.startsWith(t.kana, j)) continue;
            const s = AFFIX_POS.has(t.pos1) ? 0 : this.lemmaScore(t.lemma, surface);
            const next = { parts: [...from.parts, { surface, token: t }], worst: Math.max(from.worst, s) };
            const key = `${k}:${j + t.kana.length}`;
            if (better(next, best.get(key))) best.set(key, next);
          }
        }
      }
    }
    return best.get(`${chars.length}:${kana.length}`)?.parts;
  }
}

/** Fraction of `sorted` below `v`, ties counted half: 0 … 1. */
function rankOf(sorted: Float64Array, v: number): number {
  const lower = bound(sorted, v, false);
  const upper = bound(sorted, v, true);
  return (lower + (upper - lower) / 2) / sorted.length;
}

function bound(a: Float64Array, v: number, inclusive: boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m] < v || (inclusive && a[m] === v)) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** UniDic's token features: pos1 0, pos2 1, cForm 5, lForm 6, lemma 7, kana 20. */
export function unidicToken(t: MecabToken): UnidicToken {
  const f = t.features;
  return { kana: f[20] ?? '', lemma: `${f[6]},${f[7]}`, pos1: f[0], pos2: f[1], cForm: f[5] };
}

/**
 * Lemma statistics from UniDic's `model.def` (5.2 million lines, 391 MB). Only lines of the lemma templates are
 * decoded; their names start with L and their values with the lemma's `lForm,lemma`:
 *   `-0.0343\tLGO03:ソウジ,掃除,名詞,掃除` — LG… templates give pos1 third; LGO/LGCO templates end with the
 *   spelling (orth) of the form seen, which gives the kanji spellings of the lemma.
 * Read in 16 MB chunks: about 1.6 s.
 */
export function readLemmaUsage(path: string = UNIDIC_MODEL): Map<string, LemmaUsage> {
  type Acc = { features: number; weight: number; pos: Map<string, number>; spellings: Map<string, number> };
  const acc = new Map<string, Acc>();
  const fd = openSync(path, 'r');
  const chunk = 1 << 24;
  const buf = Buffer.allocUnsafe(chunk + (1 << 16));
  let carry = 0;
  let offset = 0;
  const L = 0x4c;
  const G = 0x47;
  const O = 0x4f;
  const C = 0x43;
  const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
  try {
    for (;;) {
      const n = readSync(fd, buf, carry, chunk, offset);
      offset += n;
      const end = carry + n;
      let s = 0;
      for (;;) {
        const nl = buf.indexOf(10, s);
        if (nl < 0 || nl >= end) break;
        const tab = buf.indexOf(9, s);
        const t = tab + 1;
        if (tab > s && tab < nl && buf[t] === L) {
          const colon = buf.indexOf(58, t);
          const c1 = buf.indexOf(44, colon + 1);
          if (colon > 0 && colon < nl && c1 > 0 && c1 < nl) {
            let c2 = buf.indexOf(44, c1 + 1);
            if (c2 < 0 || c2 > nl) c2 = nl;
            const key = buf.toString('utf8', colon + 1, c2);
            let e = acc.get(key);
            if (!e) acc.set(key, (e = { features: 0, weight: 0, pos: new Map(), spellings: new Map() }));
            e.features++;
            e.weight += Math.abs(Number(buf.toString('latin1', s, tab)));
            if (buf[t + 1] === G && c2 < nl) {
              let c3 = buf.indexOf(44, c2 + 1);
              if (c3 < 0 || c3 > nl) c3 = nl;
              const pos = buf.toString('utf8', c2 + 1, c3);
              e.pos.set(pos, (e.pos.get(pos) ?? 0) + 1);
              // LGO01… and LGCO01…: the last value is the spelling of the form seen.
              const orthTemplate =
                (pos === '動詞' || pos === '形容詞') &&
                ((buf[t + 2] === O && isDigit(buf[t + 3])) || (buf[t + 2] === C && buf[t + 3] === O && isDigit(buf[t + 4])));
              if (orthTemplate) {
                const k = kanjiKey(buf.toString('utf8', buf.lastIndexOf(44, nl) + 1, nl));
                if (k) e.spellings.set(k, (e.spellings.get(k) ?? 0) + 1);
              }
            }
          }
        }
        s = nl + 1;
      }
      if (n === 0) break;
      buf.copy(buf, 0, s, end);
      carry = end - s;
    }
  } finally {
    closeSync(fd);
  }
  const out = new Map<string, LemmaUsage>();
  for (const [key, e] of acc) {
    // A lemma used as two parts of speech (a noun that is also a suffix) is ranked with its most frequent one.
    let pos = '';
    let most = -1;
    for (const [p, n] of e.pos) if (n > most) [pos, most] = [p, n];
    const u: LemmaUsage = { features: e.features, weight: e.weight, group: posGroup(pos) };
    if (e.spellings.size && (u.group === 'verb' || u.group === 'adjective')) u.spellings = e.spellings;
    out.set(key, u);
  }
  return out;
}

export interface FrequencySources {
  sysDic: string;
  model: string;
}

/**
 * Loads UniDic (its 243 MB sys.dic stays in memory for lookups; the lemma table is read from model.def) and returns
 * the model: about 2 s, 330 MB resident. Throws ENOENT when `unidic-mecab` is not installed.
 */
export function loadFrequency(sources: Partial<FrequencySources> = {}, options: FrequencyOptions = {}): FrequencyModel {
  const dic = new NaistJdic(readFileSync(sources.sysDic ?? UNIDIC_SYS_DIC));
  const usage = readLemmaUsage(sources.model ?? UNIDIC_MODEL);
  const memo = new Map<string, UnidicToken[]>();
  const lookup = (surface: string) => {
    let hit = memo.get(surface);
    if (!hit) memo.set(surface, (hit = dic.tokens(surface).map(unidicToken)));
    return hit;
  };
  return new FrequencyModel(lookup, usage, options);
}

/*
 * Why not a word cost. The costs of MeCab dictionaries are weights of a model that chooses between analyses, not
 * counts. IPADIC and NAIST-jdic were trained on newspaper text, and a word absent from it gets the default cost of
 * its part of speech (糾合, 罹患, 掃除 and 復習 all cost 4420 in NAIST-jdic). UniDic's costs come from a larger,
 * balanced corpus but still rank 糾合 (3947) below 掃除 (4731), and its 15,000 context ids make two words' costs
 * hard to compare. Against hand-made gold standards (docs/content.md) the costs separate everyday words from rare
 * ones barely better than chance (AUC 0.45–0.63); the lemma statistics used here reach 0.84.
 *
 * Limits. A lemma's weight measures ambiguity as much as use: a frequent word that nothing competes with
 * (雰囲気, 招待, 練習) gets almost no weight and, spelled one way, as few features as a rare one, so such nouns
 * sit in the middle of the scale. The training text is about a million words: a word used less than about once per
 * million may be unseen and scores 1 (義父, 仕業). Combine the score with the other signals rather than sort by it.
 */
