import { KANJI_COURSES, VOCAB_COURSES } from '../../kernel/courses';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  CONTENT_FILES,
  type ContentData,
  type ContentFileName,
  type ReadingEntry,
  type SentenceEntry,
  type VocabEntry,
} from '../catalogue/content.schemas';
import { kanaProblems } from './kana-checks';
import { vocabListProblems } from './vocab-list-checks';
import type { KanjiEntry } from '../catalogue/content.schemas';
import { KANKEN_LEVELS, kankenLabel, type KankenLevel } from '../build/kanji';
import { VOCAB_COURSE_SIZES, VOCAB_TOTAL } from '../build/vocab';
import { JOYO_SHAPES } from '../build/readings';
import { readComponents, readStrokes } from '../build/kanjivg';
import { toHiragana } from '../build/text';

/**
 * Checks the committed content (backend/content/*.json): every file parses with its schema, the course sizes are
 * the ones the product promises, references resolve, and every level-1 card of every course has a valid sentence.
 * A sentence is valid when its text contains the target word, it has a translation, its furigana gives back the
 * text exactly once the ruby is stripped (and covers every kanji, and reads the target as the word is read), and
 * no other sentence has the same text. validate-content.unit.spec.ts runs this in CI.
 */

export interface ValidationIssue {
  file: ContentFileName | 'content';
  message: string;
}

/** The word counts are the build's (build/vocab.ts VOCAB_COURSE_SIZES, VOCAB_TOTAL): the files must hold what it was asked for. */
export const EXPECTED = {
  kanji: 2136,
  kanji1: 1026,
  kanji2: 1110,
  vocab: VOCAB_TOTAL,
  ...VOCAB_COURSE_SIZES,
  levels: 9,
} as const;

const KANJI_RE = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3005\u3006\u3007]|[\uD840-\uD87F][\uDC00-\uDFFF]/u;
const isKanji = (ch: string) => KANJI_RE.test(ch);

/** Reads and parses the five files; schema errors are returned as issues. */
export function loadContent(dir: string): { data: Partial<ContentData>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const data: Partial<ContentData> = {};
  const keys: Record<ContentFileName, keyof ContentData> = {
    'kana.json': 'kana',
    'kanji.json': 'kanji',
    'readings.json': 'readings',
    'vocab.json': 'vocab',
    'sentences.json': 'sentences',
  };
  for (const [file, schema] of Object.entries(CONTENT_FILES) as Array<[ContentFileName, z.ZodType]>) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      issues.push({ file, message: `cannot read: ${(e as Error).message}` });
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const i of parsed.error.issues.slice(0, 20)) issues.push({ file, message: `schema: ${i.path.join('.')}: ${i.message}` });
      continue;
    }
    (data as Record<string, unknown>)[keys[file]] = parsed.data;
  }
  return { data, issues };
}

/** Splits furigana into plain and ruby segments; the base of a ruby is the kanji run just before "[". */
export function furiganaSegments(furigana: string): Array<{ text: string; reading?: string }> {
  const out: Array<{ text: string; reading?: string }> = [];
  const re = /\[([^\]]*)\]/g;
  let last = 0;
  for (let m = re.exec(furigana); m; m = re.exec(furigana)) {
    const before = [...furigana.slice(last, m.index)];
    let k = before.length;
    while (k > 0 && isKanji(before[k - 1])) k--;
    if (k > 0) out.push({ text: before.slice(0, k).join('') });
    out.push({ text: before.slice(k).join(''), reading: m[1] });
    last = m.index + m[0].length;
  }
  if (last < furigana.length) out.push({ text: furigana.slice(last) });
  return out;
}

/** Problems with one sentence's furigana, or an empty list. */
export function furiganaProblems(text: string, furigana: string): string[] {
  const problems: string[] = [];
  if (/[[\]]/.test(furigana.replace(/\[[^\][]*\]/g, ''))) problems.push('unbalanced brackets');
  const segs = furiganaSegments(furigana);
  const stripped = segs.map((s) => s.text).join('');
  if (stripped !== text) problems.push(`furigana without ruby is "${stripped}", text is "${text}"`);
  for (const s of segs) {
    if (s.reading === undefined) {
      const bare = [...s.text].filter(isKanji);
      if (bare.length) problems.push(`kanji without ruby: ${bare.join('')}`);
    } else {
      if (!s.text) problems.push(`ruby [${s.reading}] has no kanji before it`);
      if (!s.reading || !/^[\u3041-\u309f\u30a0-\u30ffー]+$/.test(s.reading)) problems.push(`ruby reading "${s.reading}" is not kana`);
    }
  }
  return problems;
}

/** The reading of text[start, end) according to the furigana, or null when a ruby straddles the span. */
export function spanReading(furigana: string, start: number, end: number): string | null {
  let pos = 0;
  let out = '';
  for (const s of furiganaSegments(furigana)) {
    const a = pos;
    const b = pos + s.text.length;
    pos = b;
    if (b <= start || a >= end) continue;
    if (s.reading === undefined) out += s.text.slice(Math.max(0, start - a), Math.min(s.text.length, end - a));
    else if (a >= start && b <= end) out += s.reading;
    else return null;
  }
  return toHiragana(out);
}

/** EDICT's language-origin tags, which are no meaning: "(por:)", "(eng: coffee, dut: koffie)", "(wasei: one-piece)". */
export const ORIGIN_TAG_RE = /\((?:wasei|[a-z]{3}):/;

/**
 * Where the particles は and へ may be read わ and え inside a breakdown word: the particle on its own or at the
 * end of the word (には, こんにちは), and は after て/で/に/と inside a grammar ending (ではありません,
 * 歩いてはいけません). Elsewhere は is read は (はい, 母).
 */
function particleReadingAllowed(word: string, i: number): boolean {
  const ch = word[i];
  if (ch !== 'は' && ch !== 'へ') return false;
  if (i === word.length - 1) return true;
  return ch === 'は' && i > 0 && 'てでにと'.includes(word[i - 1]);
}

/**
 * Every breakdown word's pronunciation must be the reading the furigana gives to the same span of the text: the
 * words are placed over the text in order; a word with kanji reads as its rubies plus the kana between them, a word
 * in kana reads as itself (katakana in hiragana), except the particles は/へ read わ/え. When a ruby covers the end
 * of one word and the start of the next (一日 split as 一 + 日), the two words are compared together.
 */
export function breakdownReadingProblems(text: string, furigana: string, breakdown: ReadonlyArray<{ word: string; pronunciation: string }>): string[] {
  const segs = furiganaSegments(furigana);
  if (segs.map((s) => s.text).join('') !== text) return []; // furiganaProblems reports it
  // Per UTF-16 position: the ruby segment it belongs to (-1 for plain text).
  const rubyAt: number[] = [];
  const rubies: Array<{ start: number; end: number; reading: string }> = [];
  for (const s of segs) {
    const start = rubyAt.length;
    for (let i = 0; i < s.text.length; i++) rubyAt.push(s.reading === undefined ? -1 : rubies.length);
    if (s.reading !== undefined) rubies.push({ start, end: start + s.text.length, reading: toHiragana(s.reading) });
  }
  const problems: string[] = [];
  const placed: Array<{ word: string; pronunciation: string; start: number; end: number }> = [];
  let cursor = 0;
  for (const b of breakdown) {
    const at = text.indexOf(b.word, cursor);
    if (at < 0) {
      problems.push(`breakdown word "${b.word}" is not in the text after the words before it`);
      return problems;
    }
    placed.push({ ...b, start: at, end: at + b.word.length });
    cursor = at + b.word.length;
  }
  const straddles = (pos: number) => pos > 0 && pos < text.length && rubyAt[pos] >= 0 && rubyAt[pos] === rubyAt[pos - 1];
  for (let i = 0; i < placed.length; ) {
    let j = i;
    while (j + 1 < placed.length && straddles(placed[j].end)) j++;
    const group = placed.slice(i, j + 1);
    i = j + 1;
    if (straddles(group[0].start) || straddles(group[group.length - 1].end)) {
      problems.push(`a ruby straddles breakdown word "${group.map((g) => g.word).join('')}"`);
      continue;
    }
    // Expected reading, with the positions where わ/え may stand for the particles は/へ.
    let expected = '';
    const particleAt = new Set<number>();
    const seen = new Set<number>();
    for (const g of group) {
      for (let p = g.start; p < g.end; p++) {
        const r = rubyAt[p];
        if (r >= 0) {
          if (!seen.has(r)) expected += rubies[r].reading;
          seen.add(r);
        } else if (isKanji(text[p]) || /[\uD800-\uDBFF]/.test(text[p])) {
          expected += text[p]; // kanji without ruby: furiganaProblems reports it
        } else {
          if (particleReadingAllowed(g.word, p - g.start)) particleAt.add(expected.length);
          expected += toHiragana(text[p]);
        }
      }
    }
    const actual = group.map((g) => g.pronunciation).join('');
    const ok =
      actual.length === expected.length &&
      [...actual].every((c, k) => c === expected[k] || (particleAt.has(k) && ((expected[k] === 'は' && c === 'わ') || (expected[k] === 'へ' && c === 'え'))));
    if (!ok) problems.push(`breakdown "${group.map((g) => g.word).join(' + ')}" is pronounced "${actual}" but the furigana reads "${expected}"`);
  }
  return problems;
}

/** Breakdown meanings that carry an EDICT origin tag. */
export function breakdownMeaningProblems(breakdown: ReadonlyArray<{ word: string; meaning: string }>): string[] {
  return breakdown.filter((b) => ORIGIN_TAG_RE.test(b.meaning)).map((b) => `breakdown meaning of "${b.word}" has an origin tag: "${b.meaning}"`);
}

const IRREGULAR_STEMS: Record<string, string[]> = { する: ['し', 'さ', 'せ', 'す'], くる: ['き', 'こ', 'く'] };

/** 々 spelled out: 徐々 → 徐徐. */
function unrepeat(text: string): string {
  return text.replace(/(.)々/gu, '$1$1');
}

/** A word's kanji in the jōyō table's shapes (頬 → 頰): a word written in the allowed older shape teaches the jōyō kanji. */
function joyoShapes(written: string): string {
  return [...written].map((c) => JOYO_SHAPES[c] ?? c).join('');
}

/** Is `target` a form of the word written `written`, read `reading`? (食べ for 食べる, 行き for 行く, し for する) */
export function targetMatchesWord(target: string, written: string, reading: string): boolean {
  if (!target) return false;
  // 徐々に is 徐徐に written with the repetition mark.
  target = unrepeat(target);
  written = unrepeat(written);
  const t = toHiragana(target);
  const w = toHiragana(written);
  const r = toHiragana(reading);
  if (t === w || t === r) return true;
  // A compound of する or くる conjugates its last part: 脱し of 脱する, やってき of やってくる.
  for (const [ending, stems] of Object.entries(IRREGULAR_STEMS)) {
    if (written.length > ending.length && written.endsWith(ending)) {
      const prefix = written.slice(0, -ending.length);
      if (target.startsWith(prefix) && stems.some((st) => target.slice(prefix.length).startsWith(st))) return true;
    }
  }
  if (w.startsWith(t) && [...target].some(isKanji)) return true; // 食べ, 食 of 食べる
  const chars = [...written];
  if (chars.length >= 2 && !isKanji(chars[chars.length - 1])) {
    const stem = chars.slice(0, -1).join('');
    if (toHiragana(target).startsWith(toHiragana(stem)) && [...stem].some(isKanji)) return true; // 行き of 行く
  }
  if (!/[\u3400-\u9fff]/.test(written)) {
    if (r.length >= 2 && t.startsWith(r.slice(0, -1)) && t.length >= r.length - 1) return true; // あり of ある
    if ((IRREGULAR_STEMS[written] ?? []).some((st) => target.startsWith(st))) return true;
  }
  return false;
}

/** Does the reading of the target agree with the word's reading (the stem of it for conjugated forms)? */
export function readingConsistent(targetReading: string, reading: string): boolean {
  const t = toHiragana(targetReading);
  const r = toHiragana(reading);
  if (!t) return false;
  if (r === 'くる' && /^[きこく]/.test(t)) return true; // 来ます, 来ない
  if (t === r || r.startsWith(t)) return true;
  // A word read from katakana keeps its long-vowel mark (餃子 ギョーザ → ぎょーざ); the furigana spells it out.
  if (r.includes('ー') && [r.replace(/ー/g, 'う'), r.replace(/ー/g, 'い')].some((v) => v === t || v.startsWith(t))) return true;
  // A compound of する or くる: 脱し (だっし) of 脱する (だっする).
  for (const [ending, stems] of Object.entries(IRREGULAR_STEMS)) {
    if (r.length > ending.length && r.endsWith(ending) && stems.some((st) => t === r.slice(0, -ending.length) + st)) return true;
  }
  const stem = r.slice(0, -1);
  return stem.length > 0 && t.startsWith(stem);
}

function sentenceProblems(
  s: SentenceEntry,
  vocab: Map<number, VocabEntry>,
  kana: Map<number, { vocab_reading: string; kana: string }>,
  readings: Map<number, ReadingEntry>,
): string[] {
  const p: string[] = [];
  const start = s.text.indexOf(s.target);
  if (!s.target || start < 0) p.push(`target "${s.target}" not in text`);
  if (!s.translation.trim()) p.push('no translation');
  p.push(...furiganaProblems(s.text, s.furigana));
  if (s.material_type === 'vocab') {
    const v = vocab.get(s.material_id);
    if (!v) p.push(`vocab ${s.material_id} does not exist`);
    else {
      if (!targetMatchesWord(s.target, v.kanji, v.reading)) p.push(`target "${s.target}" is not the word ${v.kanji} (${v.reading})`);
      if (start >= 0 && [...s.target].some(isKanji)) {
        const r = spanReading(s.furigana, start, start + s.target.length);
        if (r === null) p.push(`ruby straddles the target "${s.target}"`);
        else if (!readingConsistent(r, v.reading)) p.push(`target "${s.target}" is read "${r}" but the word is "${v.reading}"`);
      }
    }
  } else if (s.material_type === 'reading') {
    // A reading card's own sentence shows its example word in the card's spelling (羨ましい for うらやましい), else the word's.
    const r = readings.get(s.material_id);
    const v = r?.vocab_id == null ? undefined : vocab.get(r.vocab_id);
    if (!r || !v) p.push(`reading card ${s.material_id} does not exist or has no example word`);
    else {
      const spelling = r.vocab_spelling ?? v.kanji;
      const shown = [...spelling].map((ch) => JOYO_SHAPES[ch] ?? ch).join('');
      if (!shown.includes(r.kanji)) p.push(`spelling ${spelling} does not show the kanji ${r.kanji}`);
      if (!targetMatchesWord(s.target, spelling, v.reading) || !joyoShapes(s.target).includes(r.kanji))
        p.push(`target "${s.target}" is not the word ${spelling} (${v.reading}) written with ${r.kanji}`);
      if (start >= 0) {
        const read = spanReading(s.furigana, start, start + s.target.length);
        if (read === null) p.push(`ruby straddles the target "${s.target}"`);
        else if (!readingConsistent(read, v.reading)) p.push(`target "${s.target}" is read "${read}" but the word is "${v.reading}"`);
      }
    }
  } else if (s.material_type === 'kana') {
    const k = kana.get(s.material_id);
    if (!k) p.push(`kana ${s.material_id} does not exist`);
    else if (s.target !== k.vocab_reading || !s.target.includes(k.kana)) p.push(`target "${s.target}" is not the example word ${k.vocab_reading} of ${k.kana}`);
  }
  const targets = s.breakdown.filter((b) => b.vocab);
  if (targets.length !== 1) p.push(`breakdown marks ${targets.length} target words`);
  else if (!targets[0].word.includes(s.target) && !s.target.includes(targets[0].word)) p.push(`breakdown target "${targets[0].word}" is not "${s.target}"`);
  for (const b of s.breakdown) if (!s.text.includes(b.word)) p.push(`breakdown word "${b.word}" not in text`);
  p.push(...breakdownReadingProblems(s.text, s.furigana, s.breakdown));
  p.push(...breakdownMeaningProblems(s.breakdown));
  return p;
}

function checkLevels(issues: ValidationIssue[], file: ContentFileName, course: string, levels: number[]): void {
  const set = new Set(levels);
  for (let l = 1; l <= EXPECTED.levels; l++) if (!set.has(l)) issues.push({ file, message: `${course}: level ${l} is empty` });
}

function checkPositions(issues: ValidationIssue[], file: ContentFileName, course: string, positions: number[]): void {
  const sorted = [...positions].sort((a, b) => a - b);
  if (sorted.some((p, i) => p !== i + 1)) issues.push({ file, message: `${course}: positions are not 1..${positions.length}` });
}

function unique<T>(issues: ValidationIssue[], file: ContentFileName, what: string, values: T[]): void {
  const seen = new Set<T>();
  const dups = new Set<T>();
  for (const v of values) (seen.has(v) ? dups : seen).add(v);
  if (dups.size) issues.push({ file, message: `duplicate ${what}: ${[...dups].slice(0, 10).join(', ')}${dups.size > 10 ? ` (+${dups.size - 10})` : ''}` });
}

/** Cross-file checks over parsed data. */
export function validateContentData(data: ContentData): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { kana, kanji, readings, vocab, sentences } = data;

  // Kanji
  const k1 = kanji.filter((k) => k.course === 'kanji1');
  const k2 = kanji.filter((k) => k.course === 'kanji2');
  if (kanji.length !== EXPECTED.kanji) issues.push({ file: 'kanji.json', message: `${kanji.length} kanji, expected ${EXPECTED.kanji}` });
  if (k1.length !== EXPECTED.kanji1) issues.push({ file: 'kanji.json', message: `${k1.length} Kanji I, expected ${EXPECTED.kanji1}` });
  if (k2.length !== EXPECTED.kanji2) issues.push({ file: 'kanji.json', message: `${k2.length} Kanji II, expected ${EXPECTED.kanji2}` });
  unique(issues, 'kanji.json', 'kanji ids', kanji.map((k) => k.id));
  unique(issues, 'kanji.json', 'kanji characters', kanji.map((k) => k.character));
  for (const [course, list] of [['kanji1', k1], ['kanji2', k2]] as const) {
    checkLevels(issues, 'kanji.json', course, list.map((k) => k.level));
    checkPositions(issues, 'kanji.json', course, list.map((k) => k.position));
  }
  for (const k of kanji) {
    if (k.id !== k.character.codePointAt(0)) issues.push({ file: 'kanji.json', message: `${k.character}: id ${k.id} is not its code point` });
    if (k.on_readings.length + k.kun_readings.length === 0) issues.push({ file: 'kanji.json', message: `${k.character}: no readings` });
  }

  // Vocab
  const byCourse = (c: VocabEntry['course']) => vocab.filter((v) => v.course === c);
  if (vocab.length !== EXPECTED.vocab) issues.push({ file: 'vocab.json', message: `${vocab.length} words, expected ${EXPECTED.vocab}` });
  for (const c of VOCAB_COURSES) {
    const list = byCourse(c);
    if (list.length !== EXPECTED[c]) issues.push({ file: 'vocab.json', message: `${list.length} ${c} words, expected ${EXPECTED[c]}` });
    checkLevels(issues, 'vocab.json', c, list.map((v) => v.level));
    checkPositions(issues, 'vocab.json', c, list.map((v) => v.position));
  }
  unique(issues, 'vocab.json', 'vocab ids', vocab.map((v) => v.id));
  unique(issues, 'vocab.json', 'words (written form + reading)', vocab.map((v) => `${v.kanji}|${v.reading}`));
  for (const message of vocabListProblems(vocab)) issues.push({ file: 'vocab.json', message });

  // Kana: rows, levels, the cards katakana words need, example words readable at the card's level (kana-checks.ts)
  checkLevels(issues, 'kana.json', 'kana', kana.map((k) => k.level));
  checkPositions(issues, 'kana.json', 'kana', kana.map((k) => k.position));
  unique(issues, 'kana.json', 'kana ids', kana.map((k) => k.id));
  for (const message of kanaProblems(kana)) issues.push({ file: 'kana.json', message });

  // Readings
  const kanjiById = new Map(kanji.map((k) => [k.id, k]));
  const vocabById = new Map(vocab.map((v) => [v.id, v]));
  const readingIds = new Set(readings.map((r) => r.id));
  unique(issues, 'readings.json', 'reading ids', readings.map((r) => r.id));
  for (const c of KANJI_COURSES) {
    const list = readings.filter((r) => r.course === c);
    checkLevels(issues, 'readings.json', c, list.map((r) => r.level));
    checkPositions(issues, 'readings.json', c, list.map((r) => r.position));
  }
  const kanjiWithCards = new Set(readings.map((r) => r.kanji_id));
  for (const k of kanji) if (!kanjiWithCards.has(k.id)) issues.push({ file: 'readings.json', message: `${k.character} has no reading card` });
  for (const r of readings) {
    const k = kanjiById.get(r.kanji_id);
    if (!k || k.character !== r.kanji || k.course !== r.course) issues.push({ file: 'readings.json', message: `${r.id}: kanji ${r.kanji} does not match kanji ${r.kanji_id}` });
    // A reading waits for its words (readings.ts readingLevel), so it is never taught before its kanji.
    else if (r.level < k.level) issues.push({ file: 'readings.json', message: `${r.kanji} ${r.reading}: level ${r.level} is before its kanji's level ${k.level}` });
    for (const v of r.vocab_id_options) {
      const w = vocabById.get(v);
      if (!w) issues.push({ file: 'readings.json', message: `${r.kanji} ${r.reading}: option ${v} is not a word` });
      // A card that writes its word in another spelling (readings.ts) takes its options from the words' variants.
      else if (![w.kanji, ...(r.vocab_spelling ? (w.variants ?? []).map((x) => x.written) : [])].some((sp) => joyoShapes(sp).includes(r.kanji)))
        issues.push({ file: 'readings.json', message: `${r.kanji} ${r.reading}: option ${w.kanji} does not contain the kanji` });
    }
    if (r.vocab_id !== null && !r.vocab_id_options.includes(r.vocab_id)) issues.push({ file: 'readings.json', message: `${r.kanji} ${r.reading}: vocab_id is not among the options` });
    for (const o of r.same_vocab_reading_ids) if (!readingIds.has(o)) issues.push({ file: 'readings.json', message: `${r.kanji} ${r.reading}: same_vocab_reading_ids has unknown ${o}` });
  }

  // Sentences
  const kanaById = new Map(kana.map((k) => [k.id, k]));
  const sentenceById = new Map(sentences.map((s) => [s.id, s]));
  unique(issues, 'sentences.json', 'sentence ids', sentences.map((s) => s.id));
  unique(issues, 'sentences.json', 'sentence texts', sentences.map((s) => s.text));
  const bad = new Set<number>();
  const readingById = new Map(readings.map((r) => [r.id, r]));
  for (const s of sentences) {
    const problems = sentenceProblems(s, vocabById, kanaById, readingById);
    if (problems.length) {
      bad.add(s.id);
      issues.push({ file: 'sentences.json', message: `${s.id} "${s.text}": ${problems.join('; ')}` });
    }
  }
  const sentenceFor = (id: number | undefined, type: SentenceEntry['material_type'], materialId: number): string | null => {
    if (id === undefined) return 'no sentence';
    const s = sentenceById.get(id);
    if (!s) return `sentence ${id} does not exist`;
    if (s.material_type !== type || s.material_id !== materialId) return `sentence ${id} belongs to ${s.material_type} ${s.material_id}`;
    if (bad.has(id)) return `sentence ${id} is invalid`;
    return null;
  };
  for (const k of kana) {
    const p = k.sentence_id !== undefined || k.level === 1 ? sentenceFor(k.sentence_id, 'kana', k.id) : null;
    if (p) issues.push({ file: 'kana.json', message: `level-${k.level} kana ${k.kana}: ${p}` });
  }
  for (const v of vocab) {
    const p = v.sentence_id !== undefined || v.level === 1 ? sentenceFor(v.sentence_id, 'vocab', v.id) : null;
    if (p) issues.push({ file: 'vocab.json', message: `${v.course} level-${v.level} word ${v.kanji}: ${p}` });
  }
  for (const r of readings) {
    const own = r.sentence_id !== undefined ? sentenceFor(r.sentence_id, 'reading', r.id) : null;
    if (own) issues.push({ file: 'readings.json', message: `${r.course} card ${r.kanji} ${r.reading}: ${own}` });
    if (r.level !== 1) continue;
    // A card with its own sentence, in the card's spelling of its word (捜す for 探す), is checked above.
    if (r.sentence_id !== undefined && !own) continue;
    const v = r.vocab_id === null ? undefined : vocabById.get(r.vocab_id);
    if (!v) issues.push({ file: 'readings.json', message: `${r.course} level-1 card ${r.kanji} ${r.reading}: no example word` });
    else if (v.sentence_id === undefined || bad.has(v.sentence_id)) issues.push({ file: 'readings.json', message: `${r.course} level-1 card ${r.kanji} ${r.reading}: example word ${v.kanji} has no valid sentence` });
    else if (!sentenceById.get(v.sentence_id)!.text.includes(r.kanji)) issues.push({ file: 'readings.json', message: `${r.course} level-1 card ${r.kanji} ${r.reading}: sentence of ${v.kanji} does not show the kanji` });
  }
  return issues;
}

/** Loads and validates a content directory; an empty list means the data is good. */
export function validateContent(dir: string): ValidationIssue[] {
  const { data, issues } = loadContent(dir);
  if (issues.length) return issues;
  const kanjiVg = { components: readComponents(dir), strokes: readStrokes(dir) };
  return [...validateContentData(data as ContentData), ...kanjiExtrasProblems(data as ContentData, kanjiVg)];
}

/**
 * The kanji extras: every jōyō kanji has its radical (1–214), its Kanken level, the components KanjiVG gives it
 * (exactly those, none where KanjiVG has none), and stroke data with as many strokes as its entry says; every kana
 * a card shows has stroke data; each level's label names the Kanken levels of its kanji (kankenLabel). The KanjiVG
 * files are components.json and strokes.json of the content folder.
 */
export function kanjiExtrasProblems(
  data: Pick<ContentData, 'kanji' | 'kana'>,
  kanjiVg: { components: ReadonlyMap<string, readonly string[]>; strokes: ReadonlyMap<string, readonly string[]> },
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const kanjiIssue = (message: string) => issues.push({ file: 'kanji.json', message });
  const levels = new Map<string, KanjiEntry[]>();
  for (const k of data.kanji) {
    const c = k.character;
    if (!k.radical) kanjiIssue(`${c}: no radical`);
    else if (!Number.isInteger(k.radical.number) || k.radical.number < 1 || k.radical.number > 214) kanjiIssue(`${c}: radical ${k.radical.number} is not 1–214`);
    if (!k.kanken || !(KANKEN_LEVELS as readonly string[]).includes(k.kanken)) kanjiIssue(`${c}: no Kanken level`);
    const expected = kanjiVg.components.get(c) ?? [];
    if ((k.components ?? []).join() !== expected.join()) kanjiIssue(`${c}: components ${(k.components ?? []).join('') || 'none'}, KanjiVG gives ${expected.join('') || 'none'}`);
    const strokes = kanjiVg.strokes.get(c);
    if (!strokes?.length) kanjiIssue(`${c}: no stroke data`);
    else if (strokes.length !== k.strokes) kanjiIssue(`${c}: ${k.strokes} strokes, the stroke data draws ${strokes.length}`);
    const key = `${k.course} level ${k.level}`;
    levels.set(key, [...(levels.get(key) ?? []), k]);
  }
  for (const [key, list] of levels) {
    const label = kankenLabel(list.map((k) => k.kanken as KankenLevel | undefined), list[0].level);
    const wrong = list.filter((k) => k.level_label !== label);
    if (wrong.length) kanjiIssue(`${key}: labelled ${wrong[0].level_label}, its kanji are ${label}`);
  }
  const kanaWithout = new Set(data.kana.flatMap((k) => [...k.kana]).filter((ch) => !kanjiVg.strokes.get(ch)?.length));
  if (kanaWithout.size) issues.push({ file: 'kana.json', message: `no stroke data for ${[...kanaWithout].join(' ')}` });
  return issues;
}
