import { consonantRow, isKanaChar, isKanjiChar, rendakuForms, toHiragana, vowelOf } from './text';

/**
 * Reading alignment: which part of a word's reading belongs to which kanji of its written form.
 *
 * 学校 がっこう → 学=がっ (ガク, gemination) + 校=こう (コウ). Pure: the caller passes the kanji readings.
 * Rules (docs/content.md, "Alignment"):
 *  - on readings match as written (katakana → hiragana); kun readings match their stem, with the okurigana
 *    expected in the kana that follow (食.べる in 食べ物), or a noun form that swallows the okurigana
 *    (受.ける → うけ in 受付, 語.る → かたり in 物語);
 *  - rendaku (voicing of the first kana: 紙 かみ → がみ in 手紙, ほん → ぼん/ぽん) only for a kanji that does
 *    not start the word, so 上昇 じょうしょう cannot give 上 the reading ショウ;
 *  - gemination (last つ/ち/く/き → っ: 学 がく → がっ, 一 いち → いっ, 十 じゅう → じっ/じゅっ) only for a kanji
 *    that does not end the word;
 *  - renjō (n + vowel → n + な-row: 反応 はんのう) after ん, at a higher cost;
 *  - 々 repeats the previous kanji, with rendaku (人々 ひとびと);
 *  - a kanji without known readings, or one irregular kanji in a word of two or more kanji (日本 に+ほん), may
 *    take 1–3 kana at a high cost, so the other kanji still align; such a segment never counts as a reading.
 * Among alignments the cheapest wins (exact < gemination < rendaku < noun form < renjō < unknown).
 */

export type ReadingKind = 'on' | 'kun';

/** A reading as KANJIDIC writes it: on in katakana, kun in hiragana with "." before the okurigana. */
export interface KanjiReading {
  kind: ReadingKind;
  reading: string;
}

export type ReadingLookup = (kanji: string) => readonly KanjiReading[] | undefined;

export type Variant = 'exact' | 'gemination' | 'rendaku' | 'rendaku+gemination' | 'noun-form' | 'renjo' | 'unknown';

export interface AlignedSegment {
  /** Written characters: one kanji, or one kana/other character. */
  text: string;
  /** How the segment sounds in this word, in hiragana. */
  reading: string;
  /** For a kanji: the reading it takes (undefined for `unknown`). */
  source?: KanjiReading;
  variant?: Variant;
}

export interface Alignment {
  segments: AlignedSegment[];
  cost: number;
}

const COST: Record<Variant, number> = {
  exact: 0,
  gemination: 0.5,
  rendaku: 1,
  'rendaku+gemination': 1.5,
  'noun-form': 0.75,
  renjo: 2,
  unknown: 6,
};
const COST_EXTRA = { shadowedOn: 0.5 };

/** Godan ren'yō form of a dictionary-form ending: る → り, く → き, う → い … */
const RENYOU: Record<string, string> = { う: 'い', く: 'き', ぐ: 'ぎ', す: 'し', つ: 'ち', ぬ: 'に', ぶ: 'び', む: 'み', る: 'り' };
const GEMINATING = new Set(['つ', 'ち', 'く', 'き']);

interface Candidate {
  reading: string;
  source?: KanjiReading;
  variant: Variant;
  cost: number;
}

/** Base forms of one KANJIDIC reading: the sound it makes before any sound change, and its cost. */
function baseForms(r: KanjiReading, following: string): Array<{ text: string; cost: number; variant: Variant; nounForm?: boolean }> {
  const clean = r.reading.replace(/-/g, '');
  if (r.kind === 'on') return [{ text: toHiragana(clean), cost: 0, variant: 'exact' }];
  const dot = clean.indexOf('.');
  if (dot < 0) return [{ text: clean, cost: 0, variant: 'exact' }];
  const stem = clean.slice(0, dot);
  const okuri = clean.slice(dot + 1);
  const forms: Array<{ text: string; cost: number; variant: Variant; nounForm?: boolean }> = [
    { text: stem, cost: okuriganaPenalty(okuri, following), variant: 'exact' },
  ];
  // Noun forms (ren'yō stems) that swallow the okurigana: 受付 うけつけ, 物語 ものがたり, 美し(さ).
  const head = okuri.slice(0, -1);
  const last = okuri.slice(-1);
  const nouns = new Set<string>();
  if (head) nouns.add(stem + head); // ichidan stem (う.ける → うけ), adjective stem (うつく.しい → うつくし)
  if (RENYOU[last]) nouns.add(stem + head + RENYOU[last]); // godan ren'yō (かた.る → かたり)
  for (const n of nouns) forms.push({ text: n, cost: COST['noun-form'] + (following.startsWith(okuri) ? 1 : 0), variant: 'noun-form', nounForm: true });
  return forms;
}

/**
 * How well the kana written after a kun stem fit the reading's okurigana: 0 for a full match (起こす for
 * お.こす), small for a conjugated or partial match (起こし, 食べ物), large when nothing follows.
 */
export function okuriganaPenalty(okuri: string, following: string): number {
  if (!okuri) return 0;
  if (following.startsWith(okuri)) return 0;
  const head = okuri.slice(0, -1);
  const last = okuri.slice(-1);
  if (following.startsWith(head) && following.length > head.length) {
    const next = following[head.length];
    if (last === 'る' && head && 'ie'.includes(vowelOf(head.slice(-1)) ?? '')) return 0.1; // ichidan stem (食べ-ます, 食べ物)
    if (last === 'い') return 0.1; // adjective (高さ, 高く, 美しさ)
    if (consonantRow(next) !== undefined && consonantRow(next) === consonantRow(last)) return 0.1; // godan (話し, 取り)
    if (next === 'っ' || next === 'ん') return 0.2; // 取って, 読んで
    if (last === 'る' && !head) return 0.2; // 見-ます (み.る)
  }
  if (following[0] && following[0] === okuri[0]) return 0.3;
  return 1.5;
}

/**
 * The kun stems of a kanji whose okurigana the following kana write (or begin to, as a conjugation: 死ん-だ, 差し-上げる):
 * an on reading with the same sound is then not what the word says (死ぬ is し.ぬ, not シ + ぬ). Kana that only a
 * suru-verb could follow (課す, 死する) do not count, since the okurigana must fit (okuriganaPenalty below 1).
 */
export function kunShadowsOn(readings: readonly KanjiReading[], following: string): Set<string> {
  const out = new Set<string>();
  if (!following) return out;
  for (const r of readings) {
    if (r.kind !== 'kun') continue;
    const clean = r.reading.replace(/-/g, '');
    const dot = clean.indexOf('.');
    if (dot < 0) continue;
    if (okuriganaPenalty(clean.slice(dot + 1), following) < 1) out.add(clean.slice(0, dot));
  }
  return out;
}

function candidatesFor(
  chars: string[],
  i: number,
  reading: string,
  j: number,
  lookup: ReadingLookup,
  allowUnknown: boolean,
): Candidate[] {
  let ch = chars[i];
  if (ch === '々' && i > 0) ch = chars[i - 1];
  const initial = i === 0;
  const final = i === chars.length - 1;
  let following = '';
  for (let k = i + 1; k < chars.length && isKanaChar(chars[k]); k++) following += toHiragana(chars[k]);
  const readings = isKanjiChar(ch) ? lookup(ch) : undefined;
  const out: Candidate[] = [];
  const push = (text: string, cost: number, variant: Variant, source?: KanjiReading) => {
    if (text && reading.startsWith(text, j)) out.push({ reading: text, cost, variant, source });
  };
  const shadowed = kunShadowsOn(readings ?? [], following);
  for (const r of readings ?? []) {
    // An on reading that sounds like a kun stem whose okurigana the word writes (死ぬ: シ beside し.ぬ, 差す: サ beside
    // さ.す) costs more, so the kun reading wins the tie: the word is a kun word.
    const extra = r.kind === 'on' && shadowed.has(toHiragana(r.reading.replace(/-/g, ''))) ? COST_EXTRA.shadowedOn : 0;
    for (const b of baseForms(r, following)) {
      const base = { ...b, cost: b.cost + extra };
      const t = base.text;
      push(t, base.cost, base.variant, r);
      const gems: string[] = [];
      if (!final) {
        if (GEMINATING.has(t.slice(-1)) && t.length > 1) gems.push(t.slice(0, -1) + 'っ');
        if (base.nounForm && t.endsWith('り')) gems.push(t.slice(0, -1) + 'っ'); // 切手 きって
        if (t === 'じゅう') gems.push('じっ', 'じゅっ');
      }
      for (const g of gems) push(g, base.cost + COST.gemination, base.variant === 'exact' ? 'gemination' : base.variant, r);
      if (!initial) {
        for (const v of rendakuForms(t)) push(v, base.cost + COST.rendaku, base.variant === 'exact' ? 'rendaku' : base.variant, r);
        for (const g of gems) for (const v of rendakuForms(g)) push(v, base.cost + COST['rendaku+gemination'], base.variant === 'exact' ? 'rendaku+gemination' : base.variant, r);
        // Renjō: after ん, a vowel-initial reading takes n (反応 はんのう, 観音 かんのん).
        if (reading[j - 1] === 'ん') {
          const v = vowelOf(t[0]);
          if (v && consonantRow(t[0]) === 'あいうえお') push('なにぬねの'['aiueo'.indexOf(v)] + t.slice(1), base.cost + COST.renjo, 'renjo', r);
        }
      }
    }
  }
  if ((!readings || readings.length === 0 || allowUnknown) && isKanjiChar(ch)) {
    for (let len = 1; len <= 3 && j + len <= reading.length; len++) {
      out.push({ reading: reading.slice(j, j + len), cost: COST.unknown, variant: 'unknown' });
    }
  }
  return out;
}

interface Cell {
  cost: number;
  prevJ: number;
  seg: AlignedSegment | null;
  unknowns: number;
}

/**
 * Aligns `reading` (hiragana or katakana) to `written`. Returns the cheapest alignment, or null when the
 * reading cannot be split over the characters (jukujikun such as 今日 きょう, 大人 おとな).
 */
export function alignReading(written: string, reading: string, lookup: ReadingLookup): Alignment | null {
  const chars = [...written];
  const rd = toHiragana(reading);
  const kanjiCount = chars.filter(isKanjiChar).length;
  const n = chars.length;
  const m = rd.length;
  // dp[i][j]: best way to spell chars[0..i) with rd[0..j).
  const dp: Array<Array<Cell | undefined>> = Array.from({ length: n + 1 }, () => new Array<Cell | undefined>(m + 1));
  dp[0][0] = { cost: 0, prevJ: -1, seg: null, unknowns: 0 };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= m; j++) {
      const cell = dp[i][j];
      if (!cell) continue;
      const relax = (nj: number, seg: AlignedSegment, cost: number, unknown: boolean) => {
        const unknowns = cell.unknowns + (unknown ? 1 : 0);
        const total = cell.cost + cost;
        const cur = dp[i + 1][nj];
        if (!cur || total < cur.cost - 1e-9) dp[i + 1][nj] = { cost: total, prevJ: j, seg, unknowns };
      };
      const ch = chars[i];
      if (isKanjiChar(ch)) {
        // An irregular kanji may be skipped over only when another kanji in the word can still carry a reading.
        const allowUnknown = kanjiCount >= 2 && cell.unknowns === 0;
        for (const c of candidatesFor(chars, i, rd, j, lookup, allowUnknown)) {
          if (c.variant === 'unknown' && cell.unknowns > 0 && lookup(ch)?.length) continue;
          relax(j + c.reading.length, { text: ch, reading: c.reading, source: c.source, variant: c.variant }, c.cost, c.variant === 'unknown');
        }
      } else if (ch === 'ヶ' || ch === 'ケ' || ch === 'ヵ') {
        for (const r of ['か', 'が', 'こ']) if (rd.startsWith(r, j)) relax(j + 1, { text: ch, reading: r }, 0, false);
        if (ch === 'ケ' && rd.startsWith('け', j)) relax(j + 1, { text: ch, reading: 'け' }, 0, false);
      } else if (isKanaChar(ch)) {
        const h = toHiragana(ch);
        if (rd[j] === h) relax(j + 1, { text: ch, reading: h }, 0, false);
      } else {
        relax(j, { text: ch, reading: '' }, 0, false); // ・ and other marks carry no sound
      }
    }
  }
  const end = dp[n][m];
  if (!end) return null;
  const segments: AlignedSegment[] = [];
  let j = m;
  for (let i = n; i > 0; i--) {
    const cell = dp[i][j]!;
    segments.push(cell.seg!);
    j = cell.prevJ;
  }
  segments.reverse();
  return { segments, cost: end.cost };
}

/** The readings a word teaches: one entry per kanji that aligned to a known reading. */
export function readingsUsed(alignment: Alignment): Array<{ kanji: string; reading: KanjiReading; variant: Variant }> {
  const out: Array<{ kanji: string; reading: KanjiReading; variant: Variant }> = [];
  for (const s of alignment.segments) {
    if (s.source && s.variant && s.variant !== 'unknown' && s.text !== '々') out.push({ kanji: s.text, reading: s.source, variant: s.variant });
  }
  return out;
}

/**
 * Ruby for a written form. By default one ruby per kanji run (勉強[べんきょう]し, 食[た]べ物[もの]); with
 * `perKanji`, one per kanji (勉[べん]強[きょう]) unless a segment is `unknown`, in which case the whole run takes
 * the run's reading (今日[きょう]).
 */
export function rubyFromAlignment(alignment: Alignment, perKanji = false): string {
  let out = '';
  const segs = alignment.segments;
  for (let k = 0; k < segs.length; ) {
    const s = segs[k];
    if (!isKanjiChar(s.text)) {
      out += s.text;
      k++;
      continue;
    }
    let e = k;
    while (e < segs.length && isKanjiChar(segs[e].text)) e++;
    const run = segs.slice(k, e);
    if (!perKanji || run.some((r) => r.variant === 'unknown' || r.text === '々')) out += `${run.map((r) => r.text).join('')}[${run.map((r) => r.reading).join('')}]`;
    else for (const r of run) out += `${r.text}[${r.reading}]`;
    k = e;
  }
  return out;
}
