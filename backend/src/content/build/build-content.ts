import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KanaEntry, KanjiEntry, ReadingEntry, SentenceEntry, VocabEntry } from '../catalogue/content.schemas';
import { validateContent, type ValidationIssue } from '../validate/validate-content';
import { CORE_VOCAB } from './authored/core-vocab';
import { AUTHORED_SENTENCES } from './authored/sentences';
import { parseEdict, parseEdictLine } from './edict';
import { buildKana } from './kana';
import { candidateReadings, KANJI_LEVEL_LABELS, orderKanji } from './kanji';
import { parseKanjidic } from './kanjidic';
import { buildReadings } from './readings';
import { draftBreakdown, draftFurigana, findTarget, tokenizeAround, type DictionaryLookup } from './sentences';
import { locateSources, MissingSourcesError, packageVersion, type SourceFiles } from './sources';
import { renderSources } from './sources-md';
import { loadTokenizer } from './tokenizer';
import { hasKanji, toHiragana, toKatakana } from './text';
import { alignReading, readingsUsed } from './alignment';
import { assignIds, glossFrequencies, rankVocab } from './vocab';
import { buildCandidates, keepSenseForGloss, shortDefinition, trimGloss, type VocabCandidate } from './vocab-candidates';

export interface BuildContentOptions {
  /** Directory the JSON files and SOURCES.md are written to (backend/content). */
  outDir: string;
  log?: (message: string) => void;
  /** Paths of the Debian files, when not in their default places. */
  sources?: Partial<SourceFiles>;
}

export interface BuildContentResult {
  counts: Record<string, number>;
  /** Problems found by the validator in the written files (empty when the data is good). */
  issues: ValidationIssue[];
  /** Authored sentences that could not be used (unknown word, target not found). */
  warnings: string[];
  durationMs: number;
}

/** Same data → same bytes: one entry per line, keys in schema order, arrays in course order. */
export function serialise(entries: readonly unknown[]): string {
  return entries.length ? `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]\n` : '[]\n';
}

/**
 * Rebuilds backend/content from the Debian packages kanjidic-xml and edict plus the hand-written material under
 * authored/. Throws MissingSourcesError (with the apt command) when the packages are not installed; see
 * contentBuildCommand for the CLI behaviour. docs/content.md explains each step.
 */
export async function buildContent(options: BuildContentOptions): Promise<BuildContentResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const files = locateSources(options.sources);
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    log(`warning: ${m}`);
  };

  log(`reading KANJIDIC2 from ${files.kanjidic}`);
  const kanjidic = await parseKanjidic(files.kanjidic);
  log(`reading EDICT from ${files.edict}`);
  const edict = parseEdict(files.edict);
  const tokenizer = await loadTokenizer();

  const ordered = orderKanji(kanjidic.entries);
  const kanjiMap = new Map(ordered.map((k) => [k.entry.literal, k]));
  const readingLookup = new Map(kanjidic.entries.map((e) => [e.literal, candidateReadings(e)]));
  const lookup = (ch: string) => readingLookup.get(ch);

  const candidates = buildCandidates(edict.lines, (ch) => kanjiMap.get(ch)?.teachIndex ?? Infinity);
  log(`${edict.lines.length} common EDICT lines → ${candidates.length} candidate words`);
  const ranked = rankVocab({
    candidates,
    kanji: kanjiMap,
    core: CORE_VOCAB,
    allHeadwords: edict.allHeadwords,
    glossFreq: glossFrequencies(edict.rows.map((r) => r.slice(r.indexOf('/')))),
    teaches: (c) => {
      if (!hasKanji(c.written)) return [];
      const a = alignReading(c.written, c.reading, lookup);
      return a ? readingsUsed(a).map((u) => u.kanji) : [];
    },
    inDictionary: (c) => tokenizer.lookup(c.written).some((w) => w.reading === toKatakana(c.reading)),
    log: warn,
  });
  const vocabByKey = new Map(ranked.map((v) => [`${v.written}|${v.candidate.reading}`, v]));

  // Authored sentences by material key; a key may appear once.
  const authored = new Map<string, (typeof AUTHORED_SENTENCES)[number]>();
  for (const s of AUTHORED_SENTENCES) {
    if (authored.has(s[0])) warn(`sentence for ${s[0]} written twice; the first is kept`);
    else authored.set(s[0], s);
  }
  const { cards, kanji: kanjiReadings } = buildReadings({
    kanji: ordered,
    vocab: ranked,
    hasSentence: (v) => authored.has(`vocab:${v.written}|${v.candidate.reading}`),
  });

  const kana = buildKana();
  const kanaByChar = new Map(kana.map((k) => [k.kana, k]));

  // Sentences.
  const dictionary = makeDictionary(candidates, edict.rows);
  const sentenceIds = assignIds([...authored.keys()], 'sentence');
  const sentences: SentenceEntry[] = [];
  const sentenceOf = new Map<string, number>();
  for (const [key, [, text, translation, opts = {}]] of authored) {
    let material: { type: SentenceEntry['material_type']; id: number; written: string; reading: string; meaning: string } | undefined;
    if (key.startsWith('vocab:')) {
      const v = vocabByKey.get(key.slice(6));
      if (v) material = { type: 'vocab', id: v.id, written: v.written, reading: v.candidate.reading, meaning: v.definition };
    } else if (key.startsWith('kana:')) {
      const k = kanaByChar.get(key.slice(5));
      if (k) material = { type: 'kana', id: k.id, written: k.vocab_reading, reading: toHiragana(k.vocab_reading), meaning: k.vocab_definition };
    }
    if (!material) {
      warn(`sentence for ${key}: no such word or kana in the course`);
      continue;
    }
    const found = findTarget(text, material.written, material.reading, opts.target);
    if (!found) {
      warn(`sentence for ${key}: target not found in "${text}"`);
      continue;
    }
    const tokens = tokenizeAround((t) => tokenizer.tokenize(t), text, found.start, found.start + found.target.length);
    let furigana: string;
    let breakdown: SentenceEntry['breakdown'];
    try {
      furigana = opts.ruby ?? draftFurigana(text, tokens, lookup, opts.readings);
      breakdown = draftBreakdown({
        tokens,
        dictionary,
        target: { start: found.start, end: found.start + found.target.length, meaning: material.meaning },
        meanings: opts.meanings,
        readings: opts.readings,
      });
    } catch (e) {
      warn(`sentence for ${key}: ${(e as Error).message}`);
      continue;
    }
    const id = sentenceIds.get(key)!;
    sentenceOf.set(key, id);
    sentences.push({
      id,
      text,
      furigana,
      translation,
      ...(opts.context ? { context: opts.context } : {}),
      breakdown,
      target: found.target,
      material_type: material.type,
      material_id: material.id,
    });
  }

  // Entries in schema field order.
  const kanaOut: KanaEntry[] = kana.map((k) => {
    const sid = sentenceOf.get(`kana:${k.kana}`);
    return { ...k, ...(sid ? { sentence_id: sid } : {}) };
  });
  const kanjiOut: KanjiEntry[] = kanjiReadings.map(({ kanji: k, readings }) => ({
    id: k.entry.literal.codePointAt(0)!,
    character: k.entry.literal,
    course: k.course,
    level: k.level,
    level_label: KANJI_LEVEL_LABELS[k.level - 1],
    position: k.position,
    grade: k.grade,
    joyo_level: k.entry.grade!,
    strokes: k.entry.strokes,
    meanings: k.entry.meanings.length ? k.entry.meanings : ['(no meaning in KANJIDIC2)'],
    on_readings: readings.filter((r) => r.reading.kind === 'on').map((r) => ({ reading: r.display, grade: r.grade })),
    kun_readings: readings.filter((r) => r.reading.kind === 'kun').map((r) => ({ reading: r.display, grade: r.grade })),
    ...(k.entry.freq ? { frequency: k.entry.freq } : {}),
  }));
  const readingsOut: ReadingEntry[] = cards.map((c) => ({
    id: c.id,
    kanji_id: c.kanji.entry.literal.codePointAt(0)!,
    kanji: c.kanji.entry.literal,
    course: c.kanji.course,
    level: c.level,
    position: c.position,
    reading: c.display,
    kind: c.reading.kind,
    grade: c.grade,
    vocab_id_options: c.options.map((v) => v.id),
    vocab_id: c.vocab?.id ?? null,
    same_vocab_reading_ids: c.sameVocabReadingIds,
  }));
  const vocabOut: VocabEntry[] = ranked.map((v) => {
    const sid = sentenceOf.get(`vocab:${v.written}|${v.candidate.reading}`);
    return {
      id: v.id,
      course: v.course,
      level: v.level,
      position: v.position,
      kanji: v.written,
      reading: v.candidate.reading,
      definition: v.definition,
      tab: v.tab,
      ...(sid ? { sentence_id: sid } : {}),
    };
  });
  sentences.sort((a, b) => a.id - b.id);

  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'kana.json'), serialise(kanaOut));
  writeFileSync(join(options.outDir, 'kanji.json'), serialise(kanjiOut));
  writeFileSync(join(options.outDir, 'readings.json'), serialise(readingsOut));
  writeFileSync(join(options.outDir, 'vocab.json'), serialise(vocabOut));
  writeFileSync(join(options.outDir, 'sentences.json'), serialise(sentences));
  const counts = {
    kana: kanaOut.length,
    kanji: kanjiOut.length,
    kanji1: kanjiOut.filter((k) => k.course === 'kanji1').length,
    kanji2: kanjiOut.filter((k) => k.course === 'kanji2').length,
    readings: readingsOut.length,
    readingsWithoutWord: readingsOut.filter((r) => r.vocab_id === null).length,
    vocab: vocabOut.length,
    sentences: sentences.length,
  };
  writeFileSync(
    join(options.outDir, 'SOURCES.md'),
    renderSources({
      kanjidicVersion: packageVersion('kanjidic-xml'),
      kanjidicDatabase: kanjidic.databaseVersion,
      kanjidicDate: kanjidic.dateOfCreation,
      edictVersion: packageVersion('edict'),
      edictCreated: edict.created,
      edictHeader: edict.header,
      counts,
    }),
  );
  const issues = validateContent(options.outDir);
  for (const i of issues.slice(0, 50)) log(`invalid: ${i.file}: ${i.message}`);
  if (issues.length > 50) log(`… ${issues.length - 50} more problems`);
  log(`wrote ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')} to ${options.outDir}`);
  return { counts, issues, warnings, durationMs: Date.now() - started };
}

const POS_MAP: Record<string, (p: string) => boolean> = {
  名詞: (p) => p.startsWith('n') || p === 'pn' || p.startsWith('adj-na') || p === 'adj-no' || p === 'vs',
  動詞: (p) => p.startsWith('v'),
  形容詞: (p) => p.startsWith('adj-i'),
  副詞: (p) => p.startsWith('adv'),
  連体詞: (p) => p === 'adj-pn' || p === 'adj-f',
  感動詞: (p) => p === 'int',
  接続詞: (p) => p === 'conj',
  フィラー: (p) => p === 'int',
};

/** Meanings for the breakdown: common words first (by spelling, reading, part of speech), then any EDICT line. */
function makeDictionary(candidates: VocabCandidate[], rows: string[]): DictionaryLookup {
  const bySpelling = new Map<string, VocabCandidate[]>();
  const add = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const byReading = new Map<string, VocabCandidate[]>();
  for (const c of candidates) {
    for (const w of new Set([c.written, c.kanjiForm, ...c.variants])) add(bySpelling, w, c);
    add(byReading, c.reading, c);
  }
  let rowIndex: Map<string, string[]> | null = null;
  const raw = (w: string) => {
    if (!rowIndex) {
      rowIndex = new Map();
      for (const r of rows) {
        const head = r.slice(0, r.indexOf(' '));
        add(rowIndex, head, r);
        const m = /^\S+ \[([^\]]+)\]/.exec(r);
        if (m && m[1] !== head) add(rowIndex, m[1], r);
      }
    }
    return rowIndex.get(w) ?? [];
  };
  const posOk = (pos: string | undefined, tags: string[]) => !pos || !POS_MAP[pos] || tags.some(POS_MAP[pos]);
  return {
    meaning(basicForm, reading, pos) {
      // A word in kana may be any word with that reading (あの is 彼の as well as the filler).
      const kana = /^[\u3041-\u309f]+$/.test(basicForm);
      const hits = [...(bySpelling.get(basicForm) ?? []), ...(kana ? (byReading.get(basicForm) ?? []).filter((c) => c.senses[0].misc.includes('uk') || c.written === basicForm) : [])];
      const best =
        hits.find((c) => c.reading === reading && posOk(pos, c.senses[0].pos)) ??
        hits.find((c) => c.reading === reading) ??
        hits.find((c) => posOk(pos, c.senses[0].pos)) ??
        hits[0];
      if (best) return shortDefinition(best);
      const lines = raw(basicForm)
        .map((r) => parseEdictLine(r))
        .filter((l): l is NonNullable<typeof l> => !!l && l.senses.some(keepSenseForGloss));
      const line =
        lines.find((l) => l.common && posOk(pos, l.senses[0].pos)) ??
        lines.find((l) => toHiragana(l.reading) === reading && posOk(pos, l.senses[0].pos)) ??
        lines.find((l) => toHiragana(l.reading) === reading) ??
        lines[0];
      const sense = line?.senses.find(keepSenseForGloss);
      return sense ? sense.glosses.slice(0, 2).map(trimGloss).join('; ') : undefined;
    },
  };
}

/**
 * The `content:build` command: builds into `outDir`, prints what it did, and returns the process exit code
 * (1 when the Debian packages are missing or the result does not validate).
 */
export async function contentBuildCommand(outDir: string, log: (m: string) => void = (m) => console.log(m)): Promise<number> {
  try {
    const result = await buildContent({ outDir, log });
    log(`content:build finished in ${(result.durationMs / 1000).toFixed(1)} s`);
    return result.issues.length ? 1 : 0;
  } catch (e) {
    if (e instanceof MissingSourcesError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}
