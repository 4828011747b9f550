import { parseFurigana, stripFurigana } from './sentences';
import { isKanjiChar } from './text';

/**
 * Checks the build makes on every authored sentence before it is used; each returns the reasons to refuse it
 * (empty when the sentence is good). Pure: the dictionaries come in as functions.
 */

/**
 * The longest sentence a level allows, in characters of the plain text (punctuation included). Beginners read a
 * sentence in one glance: kana and the first three Vocab I levels stay at 24 (the longest written so far is 22),
 * the rest of Vocab I at 28; intermediate courses allow longer, written sentences.
 */
export function sentenceLengthLimit(course: string, level: number): number {
  if (course === 'kana') return 24;
  if (course === 'vocab1') return level <= 3 ? 24 : 28;
  if (course === 'vocab2' || course === 'kanji1') return 36;
  return 40;
}

export function lengthProblem(text: string, course: string, level: number): string | undefined {
  const length = [...text].length;
  const limit = sentenceLengthLimit(course, level);
  return length > limit ? `${length} characters: ${course} level ${level} allows ${limit}` : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers and counters: the sound changes an analyser often misses (三匹 さんびき, not さんひき).

const DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const DIGIT_READING: Record<number, string[]> = {
  1: ['いち'], 2: ['に'], 3: ['さん'], 4: ['よん'], 5: ['ご'], 6: ['ろく'], 7: ['なな', 'しち'], 8: ['はち'], 9: ['きゅう'],
};

/**
 * How a counter joins the number's last part (1–9, 10, 100, 1000 or 何): a map from that part to the readings
 * of "part + counter"; parts not listed take the plain reading of the part and the counter's `base`.
 */
interface CounterRule {
  base: string;
  /** The counter joins round hundreds and thousands unchanged (三百円 さんびゃくえん). */
  plainAfterHundreds?: boolean;
  joined?: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '100' | '1000' | '何', string[]>>;
  /**
   * Whole numbers read as words of their own (一人 ひとり, 三日 みっか, 二十歳 はたち): only when the number is exactly
   * this, so 十一人 is じゅういちにん and 十三日 じゅうさんにち.
   */
  whole?: Partial<Record<string, string[]>>;
}

const H = (p: string, b: string, m: string) => ({
  '1': [`いっ${p}`],
  '3': [`さん${b}`],
  '6': [`ろっ${p}`],
  '8': [`はっ${p}`, `はち${m}`],
  '10': [`じゅっ${p}`, `じっ${p}`],
  '何': [`なん${b}`],
});

export const COUNTER_RULES: Readonly<Record<string, CounterRule>> = {
  本: { base: 'ほん', joined: H('ぽん', 'ぼん', 'ほん') },
  匹: { base: 'ひき', joined: H('ぴき', 'びき', 'ひき') },
  杯: { base: 'はい', joined: H('ぱい', 'ばい', 'はい') },
  分: { base: 'ふん', joined: { ...H('ぷん', 'ぷん', 'ふん'), '4': ['よんぷん'], '10': ['じゅっぷん', 'じっぷん', 'じゅうぶん'] } },
  階: { base: 'かい', joined: { '1': ['いっかい'], '3': ['さんがい', 'さんかい'], '6': ['ろっかい'], '8': ['はっかい', 'はちかい'], '10': ['じゅっかい', 'じっかい'], 何: ['なんがい', 'なんかい'] } },
  回: { base: 'かい', joined: { '1': ['いっかい'], '6': ['ろっかい'], '8': ['はっかい', 'はちかい'], '10': ['じゅっかい', 'じっかい'] } },
  個: { base: 'こ', joined: { '1': ['いっこ'], '6': ['ろっこ'], '8': ['はっこ', 'はちこ'], '10': ['じゅっこ', 'じっこ'] } },
  冊: { base: 'さつ', joined: { '1': ['いっさつ'], '8': ['はっさつ', 'はちさつ'], '10': ['じゅっさつ', 'じっさつ'] } },
  足: { base: 'そく', joined: { '1': ['いっそく'], '3': ['さんぞく'], '8': ['はっそく'], '10': ['じゅっそく', 'じっそく'], 何: ['なんぞく'] } },
  軒: { base: 'けん', joined: { '1': ['いっけん'], '3': ['さんげん'], '6': ['ろっけん'], '8': ['はっけん'], '10': ['じゅっけん', 'じっけん'], 何: ['なんげん'] } },
  歳: { base: 'さい', whole: { 二十: ['はたち', 'にじゅっさい', 'にじっさい'] }, joined: { '1': ['いっさい'], '8': ['はっさい'], '10': ['じゅっさい', 'じっさい'] } },
  才: { base: 'さい', joined: { '1': ['いっさい'], '8': ['はっさい'], '10': ['じゅっさい', 'じっさい'] } },
  点: { base: 'てん', joined: { '1': ['いってん'], '6': ['ろくてん', 'ろってん'], '8': ['はってん', 'はちてん'], '10': ['じゅってん', 'じってん'] } },
  週間: { base: 'しゅうかん', joined: { '1': ['いっしゅうかん'], '8': ['はっしゅうかん', 'はちしゅうかん'], '10': ['じゅっしゅうかん', 'じっしゅうかん'] } },
  種類: { base: 'しゅるい', joined: { '1': ['いっしゅるい'], '8': ['はっしゅるい', 'はちしゅるい'], '10': ['じゅっしゅるい', 'じっしゅるい'] } },
  枚: { plainAfterHundreds: true, base: 'まい' },
  台: { plainAfterHundreds: true, base: 'だい' },
  番: { plainAfterHundreds: true, base: 'ばん' },
  円: { plainAfterHundreds: true, base: 'えん', joined: { '4': ['よえん'] } },
  時: { base: 'じ', joined: { '4': ['よじ'], '7': ['しちじ'], '9': ['くじ'] } },
  人: { plainAfterHundreds: true, base: 'にん', whole: { 一: ['ひとり'], 二: ['ふたり'] }, joined: { '4': ['よにん'], '7': ['しちにん', 'ななにん'], '9': ['きゅうにん', 'くにん'] } },
  // Days: the first ten and the twentieth are native words (三日 みっか "the 3rd; three days"); IPADIC reads them
  // さんにち. 一日 is いちにち "one day" or ついたち "the 1st", which only the meaning tells apart: both pass.
  // 三十日 is also みそか, the last day of the month.
  日: {
    plainAfterHundreds: true,
    base: 'にち',
    whole: {
      一: ['いちにち', 'ついたち'], 二: ['ふつか'], 三: ['みっか'], 四: ['よっか'], 五: ['いつか'], 六: ['むいか'], 七: ['なのか', 'なぬか'],
      八: ['ようか'], 九: ['ここのか'], 十: ['とおか'], 二十: ['はつか', 'にじゅうにち'], 三十: ['さんじゅうにち', 'みそか'],
    },
    joined: { '4': ['よっか'], '7': ['しちにち', 'ななにち'], '9': ['くにち', 'きゅうにち'] },
  },
  // Nights: 一晩 ひとばん and 二晩 ふたばん are native words (IPADIC reads いちばん, the word "best").
  晩: { base: 'ばん', whole: { 一: ['ひとばん'], 二: ['ふたばん'], 三: ['みばん', 'さんばん'] }, joined: { '4': ['よばん', 'よんばん'] } },
  // IPADIC reads these apart and without the sound change (四年 よんねん, 一泊 いちはく, 一歩 いちほ, 一頭 いちとう).
  年: { plainAfterHundreds: true, base: 'ねん', joined: { '4': ['よねん'], '7': ['ななねん', 'しちねん'], '9': ['きゅうねん', 'くねん'] } },
  泊: { base: 'はく', joined: H('ぱく', 'ぱく', 'はく') },
  歩: { base: 'ほ', joined: H('ぽ', 'ぽ', 'ほ') },
  発: { base: 'はつ', joined: H('ぱつ', 'ぱつ', 'はつ') },
  頭: { base: 'とう', joined: { '1': ['いっとう'], '6': ['ろくとう'], '8': ['はっとう', 'はちとう'], '10': ['じゅっとう', 'じっとう'] } },
  件: { base: 'けん', joined: { '1': ['いっけん'], '6': ['ろっけん'], '8': ['はっけん', 'はちけん'], '10': ['じゅっけん', 'じっけん'] } },
};

/** Readings of a number written in kanji up to 9,999 (二十 にじゅう, 三百 さんびゃく), or undefined. */
export function numberReadings(n: string): string[] | undefined {
  if (n === '') return [''];
  const m = /^(?:([二三四五六七八九]?)千)?(?:([二三四五六七八九]?)百)?(?:([二三四五六七八九]?)十)?([一二三四五六七八九]?)$/u.exec(n);
  if (!m) return undefined;
  const [, th, hu, te, one] = m;
  const has = (unit: string) => n.includes(unit);
  const part = (digit: string | undefined, unit: string, special: Record<string, string[]>): string[] => {
    if (!has(unit)) return [''];
    if (!digit) return special[''] ?? [];
    return special[digit] ?? DIGIT_READING[DIGITS[digit]].map((d) => d + (special.base?.[0] ?? ''));
  };
  const thousands = part(th, '千', { '': ['せん'], 三: ['さんぜん'], 八: ['はっせん'], base: ['せん'] });
  const hundreds = part(hu, '百', { '': ['ひゃく'], 三: ['さんびゃく'], 六: ['ろっぴゃく'], 八: ['はっぴゃく'], base: ['ひゃく'] });
  const tens = part(te, '十', { '': ['じゅう'], base: ['じゅう'] });
  const ones = one ? DIGIT_READING[DIGITS[one]] : [''];
  const out: string[] = [];
  for (const a of thousands) for (const b of hundreds) for (const c of tens) for (const d of ones) out.push(a + b + c + d);
  return out;
}

/** Acceptable readings of number + counter (三匹 → さんびき), or undefined when the number is not one we read. */
export function counterReadings(number: string, counter: string): string[] | undefined {
  const rule = COUNTER_RULES[counter];
  if (!rule) return undefined;
  if (number === '何') return rule.joined?.['何'] ?? [`なん${rule.base}`];
  const whole = rule.whole?.[number];
  if (whole) return whole;
  const last = [...number].pop()!;
  const unit = last === '十' ? '10' : last === '百' ? '100' : last === '千' ? '1000' : String(DIGITS[last] ?? '');
  if (!unit) return undefined;
  const joined = rule.joined?.[unit as keyof NonNullable<CounterRule['joined']>];
  if ((unit === '100' || unit === '1000') && !joined) {
    // Round hundreds and thousands join most counters in ways not tabled here (百本 ひゃっぽん): not checked.
    return rule.plainAfterHundreds ? numberReadings(number)?.map((n) => n + rule.base) : undefined;
  }
  const head = numberReadings(number.slice(0, -1));
  if (!head) return undefined;
  const tail = joined ?? lastReadings(last).map((r) => r + rule.base);
  return head.flatMap((h) => tail.map((t) => h + t));
}

function lastReadings(last: string): string[] {
  if (last === '十') return ['じゅう'];
  if (last === '百') return ['ひゃく'];
  if (last === '千') return ['せん'];
  return DIGIT_READING[DIGITS[last]];
}

/**
 * The reading furigana gives a stretch of the plain text, or undefined when a ruby crosses its edges (三日月[みかづき]
 * says nothing about 三日 alone).
 */
export function readingOfSpan(furigana: string, start: number, end: number): string | undefined {
  let at = 0;
  let out = '';
  for (const seg of parseFurigana(furigana)) {
    const chars = [...seg.text];
    const segEnd = at + chars.length;
    if (segEnd > start && at < end) {
      if (seg.reading !== undefined) {
        if (at < start || segEnd > end) return undefined;
        out += seg.reading;
      } else out += chars.slice(Math.max(0, start - at), Math.min(chars.length, end - at)).join('');
    }
    at = segEnd;
  }
  return out;
}

/** の and a number after number + 分: a fraction (三分の二), not minutes (五分の休憩 "a five-minute break"). */
const FRACTION_TAIL = /^の[一二三四五六七八九十百千]/u;

/** Readings of number + 分 as the denominator of a fraction: ぶん, never ぷん (三分の二 さんぶんのに, 十分の一 じゅうぶんのいち). */
export function fractionReadings(number: string): string[] | undefined {
  if (number === '何') return ['なんぶん'];
  return numberReadings(number)?.map((n) => `${n}ぶん`);
}

const COUNTED = new RegExp(`([一二三四五六七八九十百千]+|何)(${Object.keys(COUNTER_RULES).sort((a, b) => b.length - a.length).join('|')})`, 'gu');

interface CounterMisreading {
  start: number;
  end: number;
  written: string;
  actual: string;
  expected: string[];
  /** number + 分 as the denominator of a fraction (三分の二) */
  fraction?: boolean;
  /** set when the counter is the target word (the 円 card): only the number before it is read anew */
  numberOnly?: { end: number; written: string; reading: string };
}

/**
 * Numbers with a counter whose furigana breaks the sound rules (三[さん]匹[ひき]). `skip` is a stretch of the text
 * left alone: the target word, whose reading is the card's own (一足[ひとあし] "a step", not いっそく).
 */
function counterMisreadings(furigana: string, skip?: { start: number; end: number }): CounterMisreading[] {
  const text = stripFurigana(furigana);
  const out: CounterMisreading[] = [];
  for (const m of text.matchAll(COUNTED)) {
    const start = [...text.slice(0, m.index)].length;
    const end = start + [...m[0]].length;
    const fraction = m[2] === '分' && FRACTION_TAIL.test(text.slice(m.index + m[0].length));
    const expected = fraction ? fractionReadings(m[1]) : counterReadings(m[1], m[2]);
    const actual = readingOfSpan(furigana, start, end);
    if (!expected || actual === undefined || expected.includes(actual)) continue;
    if (skip && start < skip.end && end > skip.start) {
      // The target word is read as the card reads it (一足 ひとあし "a step"); when it is only the counter (the 円
      // card in 三百円), the number before it must still be read right: the rest of an expected reading that ends
      // with the counter as written.
      const numberEnd = start + [...m[1]].length;
      if (skip.start !== numberEnd || skip.end !== end) continue;
      const counterReading = readingOfSpan(furigana, numberEnd, end);
      const numberReading = readingOfSpan(furigana, start, numberEnd);
      const fitting = expected.find((e) => counterReading !== undefined && e.endsWith(counterReading));
      if (!fitting || numberReading === undefined || fitting === numberReading + counterReading) continue;
      out.push({ start, end, written: m[0], actual, expected: [fitting], numberOnly: { end: numberEnd, written: m[1], reading: fitting.slice(0, fitting.length - counterReading!.length) } });
      continue;
    }
    out.push({ start, end, written: m[0], actual, expected, ...(fraction ? { fraction } : {}) });
  }
  return out;
}

/** What is wrong with the numbers and counters of a sentence's furigana (empty when nothing). */
export function counterProblems(furigana: string, skip?: { start: number; end: number }): string[] {
  return counterMisreadings(furigana, skip).map((m) =>
    m.fraction
      ? `${m.written} read ${m.actual}; a fraction (${m.written}の…) is read ${m.expected.join(' or ')}`
      : `${m.written} read ${m.actual}; a number with ${[...m.written].pop()} is read ${m.expected.join(' or ')}`,
  );
}

/**
 * The analyser's draft with every number + counter read by the rules (三[さん]匹[ひき] → 三匹[さんびき]): IPADIC reads
 * the two apart. Only for drafts: hand-written ruby is checked, not rewritten.
 */
export function withCounterReadings(furigana: string, skip?: { start: number; end: number }): string {
  const fixes = counterMisreadings(furigana, skip);
  if (!fixes.length) return furigana;
  let at = 0;
  let out = '';
  for (const seg of parseFurigana(furigana)) {
    const length = [...seg.text].length;
    const fix = fixes.find((f) => at >= f.start && at < (f.numberOnly?.end ?? f.end));
    if (!fix) out += seg.reading === undefined ? seg.text : `${seg.text}[${seg.reading}]`;
    else if (at === fix.start) out += fix.numberOnly ? `${fix.numberOnly.written}[${fix.numberOnly.reading}]` : `${fix.written}[${fix.expected[0]}]`;
    at += length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Furigana the dictionaries agree with.

export interface ReadingWitnesses {
  /** KANJIDIC: the kanji run can be read this way kanji by kanji (sound changes included). */
  kanjidic(run: string, reading: string): boolean;
  /** EDICT: a headword written exactly so with this reading. */
  edict(written: string, reading: string): boolean;
}

/**
 * Ruby the morphological analyser did not give and no dictionary knows for that spelling: refused unless the
 * sentence confirms it in `readings` (a surface that contains the kanji run).
 */
export function unattestedRuby(furigana: string, draft: string, witnesses: ReadingWitnesses, confirmed: readonly string[] = []): string[] {
  const drafted = new Set(rubySegments(draft).map((s) => `${s.start}:${s.text}:${s.reading}`));
  const problems: string[] = [];
  for (const s of rubySegments(furigana)) {
    if (drafted.has(`${s.start}:${s.text}:${s.reading}`)) continue;
    if (witnesses.kanjidic(s.text, s.reading) || witnesses.edict(s.text, s.reading)) continue;
    if (confirmed.some((surface) => surface.includes(s.text))) continue;
    problems.push(`${s.text}[${s.reading}] is a reading no dictionary gives (IPADIC, KANJIDIC, EDICT); confirm it in \`readings\` if it is right`);
  }
  return problems;
}

function rubySegments(furigana: string): Array<{ start: number; text: string; reading: string }> {
  const out: Array<{ start: number; text: string; reading: string }> = [];
  let at = 0;
  for (const seg of parseFurigana(furigana)) {
    if (seg.reading !== undefined) out.push({ start: at, text: seg.text, reading: seg.reading });
    at += [...seg.text].length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Words whose reading the context decides (長い間 あいだ, not ま): the table is authored/contextual-readings.ts.

interface ContextualReadingBase {
  /** The written form, checked where the furigana gives it a reading of its own (間 in 冬[ふゆ]の間[あいだ]). */
  written: string;
  /**
   * The plain text up to the word must match (end it with $); without it, the word must not follow a kanji, which
   * would make it the end of another word (時間, 授業中, 町角 whose rubies are split per word).
   */
  before?: RegExp;
  /** The plain text after the word must match (start it with ^); without it, anything may follow. */
  after?: RegExp;
  /** Why, for the author who meets the refusal. */
  reason: string;
}

/**
 * A reading the context decides: `read` lists the readings right here (any other is refused) unless `never` is
 * given, which refuses only those and names `read` as the one to use; `confirm` is for words only the meaning
 * decides, whose reading the author must state (a `readings` entry or a hand-written `ruby`).
 */
export type ContextualReading = ContextualReadingBase & ({ read: readonly string[]; never?: readonly string[] } | { confirm: true });

export interface ContextualCheckOptions {
  /** The target word: its reading is the card's own (一晩 ひとばん is checked on the card, not here). */
  skip?: { start: number; end: number };
  /** Surfaces whose reading the author gave in `readings`, or 'all' for a sentence with a hand-written `ruby`. */
  confirmed?: readonly string[] | 'all';
}

/**
 * What is wrong with the readings the context decides (empty when nothing). Rules are tried in order and the first
 * whose context fits a word decides it, so exceptions (いつの間 ま) come before the general rule (の間 あいだ).
 */
export function contextualReadingProblems(furigana: string, rules: readonly ContextualReading[], options: ContextualCheckOptions = {}): string[] {
  const text = [...stripFurigana(furigana)];
  const decided = new Set<string>();
  const problems: string[] = [];
  for (const rule of rules) {
    const length = [...rule.written].length;
    for (let start = 0; start + length <= text.length; start++) {
      const end = start + length;
      if (text.slice(start, end).join('') !== rule.written || decided.has(`${start}:${rule.written}`)) continue;
      const { skip } = options;
      if (skip && start < skip.end && end > skip.start) continue;
      if (rule.before ? !rule.before.test(text.slice(0, start).join('')) : isKanjiChar(text[start - 1] ?? '')) continue;
      if (rule.after && !rule.after.test(text.slice(end).join(''))) continue;
      // A ruby across the word's edges reads a longer word (真夜中[まよなか], 一日中[いちにちじゅう]): not this one.
      const actual = readingOfSpan(furigana, start, end);
      if (actual === undefined) continue;
      decided.add(`${start}:${rule.written}`);
      const where = `“${text.slice(Math.max(0, start - 3), Math.min(text.length, end + 2)).join('')}”`;
      if ('confirm' in rule) {
        const { confirmed = [] } = options;
        if (confirmed === 'all' || confirmed.some((surface) => surface.includes(rule.written))) continue;
        problems.push(`${rule.written} read ${actual} in ${where}: ${rule.reason}; say which in \`readings\``);
        continue;
      }
      const wrong = rule.never ? rule.never.includes(actual) : !rule.read.includes(actual);
      if (wrong) problems.push(`${rule.written} read ${actual} in ${where}; it is read ${rule.read.join(' or ')} here: ${rule.reason}`);
    }
  }
  return problems;
}
