import { type FuriganaSegment, isKanjiChar, parseFurigana, stripFurigana, toHiragana, toKatakana } from '../../../content';

export { parseFurigana, stripFurigana };
export type { FuriganaSegment };

/**
 * Does Open JTalk read the text the way the card does? Pure (no I/O): the provider runs open_jtalk with `-ot`,
 * hands the trace here, and speaks kana for the kanji runs Open JTalk would have read otherwise
 * (一日[ついたち] read いちにち → ツイタチ). docs/media.md, "Open JTalk".
 *
 * What is compared is Open JTalk's pronunciation (field 10 of its text analysis), the sound the clip makes:
 * its reading field (9) is the dictionary's and skips sound changes (三匹: reading サン+ヒキ, spoken サン+ビキ),
 * and keeps は for a particle spoken ワ (はは read as two particles is spoken ワワ). Readings are compared in
 * hiragana without punctuation, with long vowels folded (きょう = キョー, せんせい = センセー, おおきい = オーキイ),
 * じ/ぢ, ず/づ, お/を and いう/ゆう taken as one, and the particles spelled は/へ allowed to sound わ/え: at the end
 * of the stretch (こんにちは), or where Open JTalk reads a particle after another word (ではない); never alone
 * (the kana は is は).
 */

/** One word of the "[Text analysis result]" section of an open_jtalk trace. */
export interface OpenJTalkToken {
  /** the word as Open JTalk normalised it (full-width; digits as kanji numerals: 3 → 三) */
  surface: string;
  /** part of speech (名詞, 助詞, 記号 …) */
  pos: string;
  /** field 9: the dictionary reading, katakana */
  reading: string;
  /** field 10 without accent marks: what is spoken, katakana (ー for long vowels, ワ for the particle は) */
  pronunciation: string;
}

/** A ruby segment of the card that Open JTalk reads differently (or whose reading could not be checked). */
export interface ReadingMismatch {
  /** index of the segment in parseFurigana(furigana) */
  segment: number;
  /** the kanji run (一日) and the card's reading of it (ついたち) */
  text: string;
  reading: string;
  /** the stretch compared: the run with whatever Open JTalk's words around it take in (okurigana, a counter) */
  span: string;
  /** the card's reading of the span, and what Open JTalk says for it (hiragana; '' if it could not be aligned) */
  expected: string;
  heard: string;
}

/** The words of an open_jtalk trace (`-ot`): `surface,pos,…,basic,READING,PRONUNCIATION,accent,…` lines. */
export function parseOpenJTalkTrace(trace: string): OpenJTalkToken[] {
  const lines = trace.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === '[Text analysis result]');
  if (start < 0) return [];
  const tokens: OpenJTalkToken[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.trim() || line.startsWith('[')) break;
    const f = line.split(',');
    if (f.length < 13) continue;
    // 12 fixed fields after the surface; a surface that holds a comma keeps it.
    const tail = f.slice(f.length - 12);
    tokens.push({ surface: f.slice(0, f.length - 12).join(','), pos: tail[0], reading: tail[7], pronunciation: tail[8].replace(/[’']/g, '') });
  }
  return tokens;
}

export function hasFurigana(text: string): boolean {
  return parseFurigana(text).some((s) => s.reading !== undefined && s.text !== '');
}

// --- comparing readings -------------------------------------------------------------------------------------

const VOWELS: Record<string, string> = {};
for (const [vowel, kana] of Object.entries({
  a: 'あかさたなはまやらわがざだばぱぁゃゎ',
  i: 'いきしちにひみりゐぎじぢびぴぃ',
  u: 'うくすつぬふむゆるぐずづぶぷぅゅゔ',
  e: 'えけせてねへめれゑげぜでべぺぇ',
  o: 'おこそとのほもよろをごぞどぼぽぉょ',
})) {
  for (const ch of kana) VOWELS[ch] = vowel;
}
const LENGTHENS: Record<string, string> = { a: 'あ', i: 'い', u: 'う', e: 'いえ', o: 'うお' };
const SAME_SOUND: Record<string, string> = { ぢ: 'じ', づ: 'ず', を: 'お', ゕ: 'か', ゖ: 'か' };
/** A small kana with nothing before it to join (the kana card ぁ) sounds as the large one. */
const LARGE: Record<string, string> = { ぁ: 'あ', ぃ: 'い', ぅ: 'う', ぇ: 'え', ぉ: 'お', ゃ: 'や', ゅ: 'ゆ', ょ: 'よ', ゎ: 'わ' };

/**
 * A reading reduced to what the ear tells apart: hiragana only (punctuation, accent marks and anything else
 * dropped), ぢ/づ/を as じ/ず/お, いう as ゆう, a small kana that starts it as the large one (ぁ → あ), and a vowel
 * that lengthens the one before it written ー (きょう → きょー, せんせい → せんせー, おおきい → おーきー), on both
 * sides of a comparison alike.
 */
export function foldReading(reading: string): string {
  let out = '';
  let previous: string | undefined;
  // 言う is spelled いう and said ゆう (こういう: コーユウ).
  for (const raw of toHiragana(reading).replace(/いう/gu, 'ゆう')) {
    const ch = SAME_SOUND[raw] ?? (out === '' ? LARGE[raw] : undefined) ?? raw;
    if (ch === 'ー') {
      if (previous) out += 'ー';
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (code < 0x3041 || code > 0x3096) continue; // not a hiragana: punctuation, latin, an unread kanji
    if (previous && LENGTHENS[previous].includes(ch)) {
      out += 'ー';
      continue;
    }
    out += ch;
    previous = VOWELS[ch]; // ん and っ end a vowel
  }
  return out;
}

/**
 * Does Open JTalk's pronunciation say the card's reading `expected`? `heard` is what it says, or several ways
 * of writing it down (heardForms).
 */
export function sameReading(heard: string | readonly string[], expected: string): boolean {
  const forms = (typeof heard === 'string' ? [heard] : heard).map(foldReading).filter((h) => h !== '');
  const e = toHiragana(expected).replace(/[^\u3041-\u3096ー]/gu, '');
  const variants = [e];
  // A particle that ends a stretch (こんにちは, あるいは) is written は/へ and said わ/え; は alone (a kana card) is は.
  if (e.length > 1 && e.endsWith('は')) variants.push(`${e.slice(0, -1)}わ`);
  if (e.length > 1 && e.endsWith('へ')) variants.push(`${e.slice(0, -1)}え`);
  return variants.some((v) => forms.includes(foldReading(v)));
}

const kana = (s: string) => toHiragana(s).replace(/[^\u3041-\u3096ー]/gu, '');

/** What Open JTalk says for these words, in hiragana (accent marks and pauses dropped). */
export function heardReading(tokens: OpenJTalkToken[]): string {
  return tokens.map((t) => kana(t.pronunciation)).join('');
}

/**
 * What Open JTalk says, and the same with the particles it says わ/え written は/へ as kana spell them (では
 * ない, には): a reading in kana is a spelling. Never for the first word: nothing starts with a particle, so
 * はえ (a fly) said わえ, read as a particle, stays wrong.
 */
export function heardForms(tokens: OpenJTalkToken[]): string[] {
  const spelled = tokens.map((t, i) => (i > 0 && t.pos === '助詞' && /^[はへ]$/u.test(kana(t.surface)) ? kana(t.surface) : kana(t.pronunciation))).join('');
  const said = heardReading(tokens);
  return spelled === said ? [said] : [said, spelled];
}

/** A lone word: null when Open JTalk says `reading`, else what it says instead. */
export function wordReadingMismatch(tokens: OpenJTalkToken[], reading: string): { expected: string; heard: string } | null {
  return sameReading(heardForms(tokens), reading) ? null : { expected: toHiragana(reading), heard: heardReading(tokens) };
}

// --- aligning Open JTalk's words with the text --------------------------------------------------------------

interface Placed {
  token: OpenJTalkToken;
  start: number;
  end: number;
}

const NUMERAL = /^[〇零一二三四五六七八九十百千万億兆点]+$/u;
const DIGITS = /^[0-9.,]+/;

/**
 * Where each word of the trace sits in the text (UTF-16 offsets), and the stretches no word accounts for.
 * Open JTalk widens ASCII and half-width kana (compared after NFKC), writes numerals as kanji (さん → 三: matched
 * by its reading; 123 → 百二十三: a digit run takes the numerals that follow), and drops what it cannot read
 * (left as a gap).
 */
function placeTokens(text: string, tokens: OpenJTalkToken[]): { placed: Placed[]; gaps: Array<[number, number]> } {
  // The text after NFKC, one entry per UTF-16 unit of the normalised string, mapped back to the original.
  let norm = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const n = ch.normalize('NFKC');
    for (let k = 0; k < n.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    norm += n;
    i += ch.length;
  }
  const hira = toHiragana(norm);
  const placed: Placed[] = [];
  const gaps: Array<[number, number]> = [];
  const skipSpace = (p: number) => {
    while (p < norm.length && /\s/u.test(norm[p])) p++;
    return p;
  };
  const gap = (a: number, b: number) => {
    if (norm.slice(a, b).trim()) gaps.push([from[a], to[b - 1]]);
  };
  let p = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    const surface = token.surface.normalize('NFKC');
    if (!surface.trim()) continue; // a space Open JTalk turned into a pause
    p = skipSpace(p);
    // As written, or (a numeral in kana NJD rewrote: さん → 三) by its reading.
    const match = [surface, toHiragana(token.reading), toHiragana(token.pronunciation)].find((s) => s && (s === surface ? norm : hira).startsWith(s, p));
    if (match) {
      placed.push({ token, start: from[p], end: to[p + match.length - 1] });
      p += match.length;
      continue;
    }
    const digits = DIGITS.exec(norm.slice(p))?.[0];
    if (digits && NUMERAL.test(surface)) {
      // 123 → 百 二 十 三: the numerals share the digits' span.
      const start = from[p];
      const end = to[p + digits.length - 1];
      placed.push({ token, start, end });
      while (t + 1 < tokens.length && NUMERAL.test(tokens[t + 1].surface)) placed.push({ token: tokens[++t], start, end });
      p += digits.length;
      continue;
    }
    // Something Open JTalk dropped or rewrote: take up the text again where this word is, nearby.
    const found = norm.indexOf(surface, p);
    if (found >= 0 && found - p <= 8) {
      gap(p, found);
      placed.push({ token, start: from[found], end: to[found + surface.length - 1] });
      p = found + surface.length;
    }
    // else: a word that is not in the text as written; whatever of the text it stands for ends up in a gap.
  }
  p = skipSpace(p);
  if (p < norm.length) gap(p, norm.length);
  return { placed, gaps };
}

// --- checking the card's ruby -------------------------------------------------------------------------------

/**
 * The ruby segments whose reading Open JTalk does not say. `text` is what was fed to Open JTalk and must be the
 * segments' plain text. Each kanji run is compared together with the words that overlap it, widened until no
 * word and no ruby run is cut (行[い]きます: 行き = いき; 三[さん]匹[びき]: 三 + 匹 = さんびき), so okurigana and
 * sound changes across words are compared whole. A run Open JTalk's words cannot be lined up with counts as a
 * mismatch: the clip must never contradict the card.
 */
export function checkSegmentReadings(text: string, segments: FuriganaSegment[], tokens: OpenJTalkToken[]): ReadingMismatch[] {
  if (segments.map((s) => s.text).join('') !== text) throw new Error('the furigana are not of this text');
  const bounds: Array<[number, number]> = [];
  let at = 0;
  for (const s of segments) {
    bounds.push([at, at + s.text.length]);
    at += s.text.length;
  }
  const isRuby = (i: number) => segments[i].reading !== undefined && segments[i].text !== '';
  const { placed, gaps } = placeTokens(text, tokens);
  const overlaps = (a: [number, number], lo: number, hi: number) => a[0] < hi && a[1] > lo;

  const done = new Set<number>();
  const out: ReadingMismatch[] = [];
  for (let i = 0; i < segments.length; i++) {
    if (!isRuby(i) || done.has(i)) continue;
    let [lo, hi] = bounds[i];
    let words: Placed[] = [];
    let runs: number[] = [];
    for (;;) {
      words = placed.filter((w) => overlaps([w.start, w.end], lo, hi));
      let nlo = Math.min(lo, ...words.map((w) => w.start));
      let nhi = Math.max(hi, ...words.map((w) => w.end));
      runs = segments.map((_, j) => j).filter((j) => isRuby(j) && overlaps(bounds[j], nlo, nhi));
      nlo = Math.min(nlo, ...runs.map((j) => bounds[j][0]));
      nhi = Math.max(nhi, ...runs.map((j) => bounds[j][1]));
      if (nlo === lo && nhi === hi) break;
      [lo, hi] = [nlo, nhi];
    }
    for (const j of runs) done.add(j);

    // The card's reading of [lo, hi): ruby runs by their reading, plain text as written.
    let expected = '';
    let unreadKanji = false;
    for (let j = 0; j < segments.length; j++) {
      if (!overlaps(bounds[j], lo, hi)) continue;
      if (isRuby(j)) expected += segments[j].reading;
      else {
        const part = segments[j].text.slice(Math.max(lo, bounds[j][0]) - bounds[j][0], Math.min(hi, bounds[j][1]) - bounds[j][0]);
        if ([...part].some(isKanjiChar)) unreadKanji = true;
        expected += part;
      }
    }
    const covered = runs.every((j) => {
      for (let c = bounds[j][0]; c < bounds[j][1]; c++) if (!words.some((w) => w.start <= c && c < w.end)) return false;
      return true;
    });
    const aligned = covered && words.length > 0 && !gaps.some((g) => overlaps(g, lo, hi));
    const heard = aligned ? heardReading(words.map((w) => w.token)) : '';
    if (aligned && !unreadKanji && sameReading(heardForms(words.map((w) => w.token)), expected)) continue;
    for (const j of runs) {
      out.push({ segment: j, text: segments[j].text, reading: segments[j].reading!, span: text.slice(lo, hi), expected: toHiragana(expected), heard });
    }
  }
  return out.sort((a, b) => a.segment - b.segment);
}

/** The ruby segments of `furigana` whose reading differs from what Open JTalk read (its trace's words) for the same stretch of `text`. */
export function readingMismatches(text: string, furigana: string, tokens: OpenJTalkToken[]): ReadingMismatch[] {
  return checkSegmentReadings(text, parseFurigana(furigana), tokens);
}

/**
 * The plain text of `furigana` with the kanji runs of `mismatches` replaced by their reading, written in
 * katakana: 一日[ついたち]に行[い]きます → ツイタチに行きます. Katakana and not hiragana because Open JTalk's
 * analyser keeps a katakana stretch as one word, while hiragana runs into the particles around it and changes
 * how the neighbours are read (中はから → チューハ + カラ, 牛はつの → ギュウ + ハツノ; with katakana both are
 * read as the card says). Over the 4,087 catalogue sentences, 197 needed kana; hiragana left 3 of them still
 * contradicting the card, katakana none.
 */
export function withKanaFor(furigana: string, mismatches: ReadonlyArray<{ segment: number }>): string {
  return kanaSegments(parseFurigana(furigana), mismatches)
    .map((s) => s.text)
    .join('');
}

/**
 * The segments with those kanji runs written in kana (as withKanaFor writes them), still carrying their
 * reading, so the second run is checked the same way: Open JTalk can misread kana too (はは alone is two
 * particles, spoken ワワ).
 */
export function kanaSegments(segments: FuriganaSegment[], mismatches: ReadonlyArray<{ segment: number }>): FuriganaSegment[] {
  const replace = new Set(mismatches.map((m) => m.segment));
  return segments.map((s, i) => (replace.has(i) && s.reading !== undefined ? { text: toKatakana(s.reading), reading: s.reading } : s));
}
