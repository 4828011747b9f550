import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KanaEntry, KanjiEntry, ReadingEntry, SentenceEntry, VocabEntry } from '../catalogue/content.schemas';
import { validateContent, type ValidationIssue } from '../validate/validate-content';
import { CORE_VOCAB } from './authored/core-vocab';
import { N5_CORE } from './authored/n5-core';
import { N3_CORE } from './authored/n3-core';
import { KANJI_COVER_WORDS } from './authored/kanji-cover-words';
import { coreItems } from './core-items';
import { AUTHORED_SENTENCES } from './authored/sentences';
import { parseEdict, parseEdictLine } from './edict';
import { buildKana } from './kana';
import { candidateReadings, displayReading, orderKanji } from './kanji';
import { EXCLUDED_READINGS } from './authored/reading-exclusions';
import { READING_NOTES } from './authored/reading-notes';
import { parseKanjidic } from './kanjidic';
import { loadKanjiVg } from './kanjivg';
import { radicalOf } from './radicals';
import { buildReadings, exampleProblems, JOYO_SHAPES } from './readings';
import { draftBreakdown, draftFurigana, findTarget, tokenizeAround, type DictionaryLookup } from './sentences';
import { locateSources, MissingSourcesError, packageVersion, type SourceFiles } from './sources';
import { renderSources } from './sources-md';
import { type KuromojiToken, loadTokenizer } from './tokenizer';
import { type KnownShare, knownRule, knownShare, type LevelShare, levelShares } from './known-words';
import { hasKanji, isKanjiChar, toHiragana, toKatakana } from './text';
import { alignReading, type ReadingLookup, readingsUsed } from './alignment';
import { contextualReadingProblems, counterProblems, lengthProblem, type ReadingWitnesses, unattestedRuby, withCounterReadings } from './sentence-checks';
import { CONTEXTUAL_READINGS } from './authored/contextual-readings';
import { assignIds, GLOSS_STOP_WORDS, glossFrequencies, rankVocab, type RankedVocab } from './vocab';
import { addVariants, buildCandidates, keepSense, keepSenseForGloss, spellingsOf, mergeReadingVariants, preferSpellings, shortDefinition, stripOrigin, trimGloss, type VocabCandidate } from './vocab-candidates';
import { partOfSpeech, registerNote, wordSenses, wordVariants } from './vocab-details';
import { PITCH_OVERRIDES } from './authored/pitch-overrides';
import { kanjiumPitch, PITCH_FILE, readPitchTable } from './pitch-table';
import { loadNaistJdic } from './naist-jdic';
import { loadFrequency, UNIDIC_PACKAGE } from './frequency';
import { FREQUENCY_FILE, frequencySource, readFrequencyTable, writeFrequencyTable } from './frequency-table';
import { ADDED_VARIANTS, EXCLUDED_WORDS, HIDDEN_SENSES, HIDDEN_VARIANTS, KANA_OWNERS, PREFERRED_SPELLINGS, READING_VARIANTS, REGISTER_NOTES, SEPARATE_SPELLINGS } from './authored/word-list';
import { MEANING_OVERRIDES } from './authored/meanings';

/** A word is taught with up to this many sentences; the card alternates between them across reviews. */
export const SENTENCES_PER_WORD = 2;

/** backend/content, from src/content/build and from dist/content/build alike. */
const COMMITTED_CONTENT_DIR = join(__dirname, '..', '..', '..', 'content');

export interface BuildContentOptions {
  /** Directory the JSON files and SOURCES.md are written to (backend/content). */
  outDir: string;
  log?: (message: string) => void;
  /** Paths of the Debian files, when not in their default places. */
  sources?: Partial<SourceFiles>;
  /** Where the derived inputs are read from (frequency.tsv); backend/content by default. */
  derivedDir?: string;
}

export interface BuildContentResult {
  counts: Record<string, number>;
  /** Problems found by the validator in the written files (empty when the data is good). */
  issues: ValidationIssue[];
  /** Authored sentences that could not be used (unknown word, target not found). */
  warnings: string[];
  /** i+1 per course and level: how much of each card's sentence the learner already knows. */
  known: LevelShare[];
  /** Per card sentence: its course and level and the share of known words (for authors rewriting a level). */
  coverage: Array<{ course: string; level: number; sentenceId: number; share: KnownShare }>;
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

  const { kanjidic, edict, ordered, kanjiMap, candidates, teachable } = await readWordSources(files, log);
  const tokenizer = await loadTokenizer();
  const readingLookup = new Map(kanjidic.entries.map((e) => [e.literal, candidateReadings(e)]));
  const lookup = (ch: string) => readingLookup.get(ch);

  // Derived data (frequency.tsv) is an input, read from the committed content directory whatever outDir is.
  const derivedDir = options.derivedDir ?? COMMITTED_CONTENT_DIR;
  const frequencies = readFrequencyTable(derivedDir);
  const unscored = teachable.filter((c) => !frequencies.has(c.key)).length;
  if (!frequencies.size) warn(`no ${FREQUENCY_FILE} in ${derivedDir}: words are ranked without the frequency proxy (npm run cli -- content:frequency)`);
  else if (unscored) warn(`${unscored} candidate words are not in ${FREQUENCY_FILE} and count as unseen (npm run cli -- content:frequency)`);
  const authoredWords = new Set(AUTHORED_SENTENCES.filter(([key]) => key.startsWith('vocab:')).map(([key]) => key.slice(6)));
  const ranked = rankVocab({
    candidates: teachable,
    kanji: kanjiMap,
    core: CORE_VOCAB,
    listed: N3_CORE,
    // A word with a hand-written sentence stays in the list (its sentence would be refused without it).
    keep: (c) => authoredWords.has(`${c.written}|${c.reading}`),
    allHeadwords: edict.allHeadwords,
    glossFreq: glossFrequencies(edict.rows.map((r) => r.slice(r.indexOf('/')))),
    // What a word teaches for kanji coverage: each kanji, and `<kanji>:on` when it uses the kanji's main on reading
    // (and `r:<kanji>:<reading>`, which only decides which word with a sentence gives way, vocab.ts coverKanji).
    // A kanji only another spelling of the word uses counts too, when that spelling is all jōyō (うらやましい
    // teaches 羨 as 羨ましい, 順守 teaches 遵 as 遵守): the kanji's card then shows the word in that spelling.
    teaches: (c) => {
      const taught = new Set<string>();
      for (const spelling of spellingsOf(c)) {
        if (!hasKanji(spelling)) continue;
        // The kanji spellings of a loanword are ateji (露西亜 for ロシア) that the card never shows: they teach no kanji.
        if (spelling !== c.written && /^[\u30a0-\u30ff]+$/.test(c.written)) continue;
        if (spelling !== c.written && ![...spelling].every((ch) => !isKanjiChar(ch) || kanjiMap.has(JOYO_SHAPES[ch] ?? ch))) continue;
        const a = alignReading(spelling, c.reading, (k) => lookup(JOYO_SHAPES[k] ?? k));
        if (!a) continue;
        for (const u of readingsUsed(a)) {
          if (spelling !== c.written && c.written.includes(u.kanji)) continue;
          const main = lookup(u.kanji)?.find((r) => r.kind === 'on');
          const joyo = JOYO_SHAPES[u.kanji] ?? u.kanji; // 填 of 充填 teaches 塡
          if (EXCLUDED_READINGS.has(`${joyo}:${displayReading(u.reading)}`)) continue; // かしこまりました does not teach 畏
          taught.add(joyo);
          if (spelling === c.written) taught.add(`r:${joyo}:${displayReading(u.reading)}`); // another spelling (ロシア's 露西亜) keeps no card's word
          if (main && u.reading.kind === 'on' && u.reading.reading === main.reading) taught.add(`${joyo}:on`);
        }
      }
      return [...taught];
    },
    inDictionary: (c) => tokenizer.lookup(c.written).some((w) => w.reading === toKatakana(c.reading)),
    frequency: frequencies.size ? (c) => frequencies.get(c.key) ?? 1 : undefined,
    log: warn,
  });
  for (const v of ranked) v.definition = MEANING_OVERRIDES.get(`${v.written}|${v.candidate.reading}`) ?? v.definition;
  const vocabByKey = new Map(ranked.map((v) => [`${v.written}|${v.candidate.reading}`, v]));
  log(`reading pitch accents from ${files.naistJdic}`);
  const naist = loadNaistJdic(files.naistJdic);
  // Pitch: a teacher's override, else Kanjium (the standard accent dictionaries' values, pitch.tsv), else
  // NAIST-jdic, which is wrong on everyday words (必ず, ちょうど, 休み: docs/content.md "Pitch accent").
  const kanjium = readPitchTable(derivedDir);
  if (!kanjium.size) warn(`no ${PITCH_FILE} in ${derivedDir}: pitch accents from NAIST-jdic only (backend/content/scripts/derive-pitch.mjs)`);
  const pitchFrom = { override: 0, kanjium: 0, naist: 0, none: 0, disagreed: 0 };
  for (const v of ranked) {
    const c = v.candidate;
    const r = c.reading;
    const spellings = [...new Set([v.written, c.kanjiForm, ...c.variants, ...c.otherForms.filter((f) => f.reading === r).map((f) => f.written)])];
    const override = PITCH_OVERRIDES.get(`${v.written}|${r}`);
    const standard = kanjiumPitch(kanjium, spellings, r, c.senses[0]?.pos ?? []);
    const fallback = naist.pitch(v.written, r) ?? naist.pitch(c.kanjiForm, r);
    if (standard && fallback && !standard.some((a) => fallback.includes(a))) pitchFrom.disagreed++;
    v.pitch = override ?? standard ?? fallback;
    pitchFrom[override ? 'override' : standard ? 'kanjium' : fallback ? 'naist' : 'none']++;
  }
  log(`pitch accents: ${pitchFrom.kanjium} from Kanjium, ${pitchFrom.naist} from NAIST-jdic, ${pitchFrom.override} by hand, ${pitchFrom.none} unknown; Kanjium and NAIST-jdic disagree on ${pitchFrom.disagreed}`);
  log(`pitch accent for ${ranked.filter((v) => v.pitch).length} of ${ranked.length} words`);

  // Refused sentences fail the build (content:build exits 1): the author sees the sentence and the reason.
  const refused: string[] = [];
  const refuse = (key: string, text: string, reason: string) => {
    refused.push(`${key} "${text}": ${reason}`);
    warn(`sentence for ${key} refused: "${text}": ${reason}`);
  };
  // Authored sentences by material key: one per kana, up to two per word (the card alternates between them).
  // The second sentence of a key is keyed "<key>@2" for its id, so adding it leaves the first one's id alone.
  const authored = new Map<string, (typeof AUTHORED_SENTENCES)[number]>();
  const written = new Map<string, number>();
  for (const s of AUTHORED_SENTENCES) {
    const n = (written.get(s[0]) ?? 0) + 1;
    written.set(s[0], n);
    const allowed = s[0].startsWith('vocab:') ? SENTENCES_PER_WORD : 1;
    if (n > allowed) refuse(s[0], s[1], `a ${allowed === 1 ? 'kana has one sentence' : `word has at most ${allowed} sentences`}; this is number ${n}`);
    else if (authored.has(s[0]) && authored.get(s[0])![1] === s[1]) refuse(s[0], s[1], 'written twice');
    else authored.set(n === 1 ? s[0] : `${s[0]}@${n}`, s);
  }
  const { cards, kanji: kanjiReadings, missingMainOn, missingEveryday } = buildReadings({
    kanji: ordered,
    vocab: ranked,
    teachIndex: (ch) => kanjiMap.get(ch)?.teachIndex ?? Infinity,
  });

  const kana = buildKana();
  const kanaByChar = new Map(kana.map((k) => [k.kana, k]));

  // Sentences.
  // Breakdown meanings of course words are their card's meanings (hand-written ones included).
  const dictionary = makeDictionary(candidates, edict.rows, new Map(ranked.map((v) => [v.candidate.key, v.definition])));
  const sentenceIds = assignIds([...authored.keys()], 'sentence');
  const sentences: SentenceEntry[] = [];
  const sentenceOf = new Map<string, number>();
  const sentenceTokens = new Map<number, { tokens: KuromojiToken[]; start: number; end: number }>();
  const sentencesOf = new Map<string, number[]>();
  const witnesses = readingWitnesses(lookup, edict.rows);
  // The analyser's own furigana (no hand-written readings): what the dictionaries say unprompted.
  const analyserFurigana = (text: string, tokens: KuromojiToken[], target: { start: number; end: number }) => {
    try {
      return withCounterReadings(draftFurigana(text, tokens, lookup), target);
    } catch {
      return '';
    }
  };
  for (const [sentenceKey, [key, text, translation, opts = {}]] of authored) {
    let material:
      | { type: SentenceEntry['material_type']; id: number; written: string; reading: string; meaning: string; course: string; level: number }
      | undefined;
    if (key.startsWith('vocab:')) {
      const v = vocabByKey.get(key.slice(6));
      if (v) material = { type: 'vocab', id: v.id, written: v.written, reading: v.candidate.reading, meaning: v.definition, course: v.course, level: v.level };
    } else if (key.startsWith('reading:')) {
      // A reading card's own sentence (reading:羨ましい|うらやましい for a card that shows its word in another spelling,
      // reading:平日|へいじつ for one that shows the word's own spelling); a word shared by several cards gives it to the first.
      const [spelling, reading] = key.slice(8).split('|');
      const c = cards.find((card) => (card.spelling ?? card.vocab?.written) === spelling && card.vocab?.candidate.reading === reading);
      if (c?.vocab) material = { type: 'reading', id: c.id, written: spelling, reading, meaning: c.vocab.definition, course: c.kanji.course, level: c.level };
    } else if (key.startsWith('kana:')) {
      const k = kanaByChar.get(key.slice(5));
      if (k) material = { type: 'kana', id: k.id, written: k.vocab_reading, reading: toHiragana(k.vocab_reading), meaning: k.vocab_definition, course: 'kana', level: k.level };
    }
    if (!material) {
      refuse(key, text, 'no such word or kana in the course');
      continue;
    }
    const found = findTarget(text, material.written, material.reading, opts.target);
    if (!found) {
      refuse(key, text, 'the target word is not in the sentence in the form the card teaches (set `target` for a conjugated form)');
      continue;
    }
    const tooLong = lengthProblem(text, material.course, material.level);
    if (tooLong) {
      refuse(key, text, `too long: ${tooLong}`);
      continue;
    }
    // The target in code points: its reading is the card's own and is checked against the word instead.
    const targetSpan = { start: [...text.slice(0, found.start)].length, end: [...text.slice(0, found.start + found.target.length)].length };
    const tokens = tokenizeAround((t) => tokenizer.tokenize(t), text, found.start, found.start + found.target.length);
    let furigana: string;
    let breakdown: SentenceEntry['breakdown'];
    try {
      furigana = opts.ruby ?? withCounterReadings(draftFurigana(text, tokens, lookup, opts.readings), targetSpan);
      breakdown = draftBreakdown({
        tokens,
        dictionary,
        target: { start: found.start, end: found.start + found.target.length, meaning: material.meaning },
        meanings: opts.meanings,
        readings: opts.readings,
        furigana,
      });
    } catch (e) {
      refuse(key, text, (e as Error).message);
      continue;
    }
    const readingProblems = [
      ...counterProblems(furigana, targetSpan),
      ...unattestedRuby(furigana, analyserFurigana(text, tokens, targetSpan), witnesses, Object.keys(opts.readings ?? {})),
      ...contextualReadingProblems(furigana, CONTEXTUAL_READINGS, { skip: targetSpan, confirmed: opts.ruby !== undefined ? 'all' : Object.keys(opts.readings ?? {}) }),
    ];
    if (readingProblems.length) {
      refuse(key, text, readingProblems.join('; '));
      continue;
    }
    const id = sentenceIds.get(sentenceKey)!;
    if (!sentenceOf.has(key)) sentenceOf.set(key, id);
    sentencesOf.set(key, [...(sentencesOf.get(key) ?? []), id]);
    sentenceTokens.set(id, { tokens, start: found.start, end: found.start + found.target.length });
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
    const word = kanaExampleWord(k, ranked);
    return { ...k, ...(word ? { vocab_id: word.id } : {}), ...(sid ? { sentence_id: sid } : {}) };
  });
  const kanjiVg = loadKanjiVg();
  const kanjiOut: KanjiEntry[] = kanjiReadings.map(({ kanji: k, readings }) => ({
    id: k.entry.literal.codePointAt(0)!,
    character: k.entry.literal,
    course: k.course,
    level: k.level,
    level_label: k.levelLabel,
    position: k.position,
    grade: k.grade,
    joyo_level: k.entry.grade!,
    // KanjiVG draws the 2010 table's shapes (遡 with the two-dot 辶: 14); KANJIDIC2 counts 9 of them one off.
    strokes: kanjiVg.strokeCounts.get(k.entry.literal) ?? k.entry.strokes,
    meanings: k.entry.meanings.length ? k.entry.meanings : ['(no meaning in KANJIDIC2)'],
    on_readings: readings.filter((r) => r.reading.kind === 'on').map((r) => ({ reading: r.display, grade: r.grade })),
    kun_readings: readings.filter((r) => r.reading.kind === 'kun').map((r) => ({ reading: r.display, grade: r.grade })),
    ...(k.entry.freq ? { frequency: k.entry.freq } : {}),
    ...(k.entry.radical ? { radical: radicalOf(k.entry.radical) } : {}),
    ...(kanjiVg.components.get(k.entry.literal)?.length ? { components: [...kanjiVg.components.get(k.entry.literal)!] } : {}),
    ...(k.entry.jlpt ? { jlpt: k.entry.jlpt } : {}),
    ...(k.kanken ? { kanken: k.kanken } : {}),
  }));
  // The reading cards with a sentence of their own (the first one written for the card).
  const ownSentence = new Map<number, number>();
  for (const s of sentences) if (s.material_type === 'reading' && !ownSentence.has(s.material_id)) ownSentence.set(s.material_id, s.id);
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
    ...(c.spelling ? { vocab_spelling: c.spelling } : {}),
    ...(READING_NOTES.has(`${c.kanji.entry.literal}:${c.display}`) ? { note: READING_NOTES.get(`${c.kanji.entry.literal}:${c.display}`)! } : {}),
    ...(ownSentence.has(c.id) ? { sentence_id: ownSentence.get(c.id)! } : {}),
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
      ...vocabDetails(v),
    };
  });
  sentences.sort((a, b) => a.id - b.id);

  // i+1: the share of known words in each card's sentence, per course and level (docs/content.md).
  const rule = knownRule(vocabOut, readingsOut.map((r) => ({ course: r.course, level: r.level, vocabId: r.vocab_id })), kanaOut);
  const vocabOutById = new Map(vocabOut.map((v) => [v.id, v]));
  const coverage: Array<{ course: string; level: number; sentenceId: number; share: KnownShare }> = [];
  const measure = (course: string, level: number, sentenceId: number | undefined) => {
    const t = sentenceId === undefined ? undefined : sentenceTokens.get(sentenceId);
    if (t) coverage.push({ course, level, sentenceId: sentenceId!, share: knownShare(t.tokens, t.start, t.end, rule(course, level)) });
  };
  for (const k of kanaOut) measure('kana', k.level, k.sentence_id);
  for (const v of vocabOut) for (const id of sentencesOf.get(`vocab:${v.kanji}|${v.reading}`) ?? []) measure(v.course, v.level, id);
  for (const r of readingsOut) measure(r.course, r.level, r.sentence_id ?? (r.vocab_id === null ? undefined : vocabOutById.get(r.vocab_id)?.sentence_id));
  const known = levelShares(coverage);
  for (const l of known) log(`i+1 ${l.course} level ${l.level}: ${l.sentences} sentences, ${(100 * l.mean).toFixed(0)}% known words on average, ${(100 * l.atLeast80).toFixed(0)}% of sentences ≥ 80%; often unknown: ${l.topUnknown.join(' ')}`);

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
      naistJdicVersion: packageVersion('open-jtalk-mecab-naist-jdic'),
      frequencySource: frequencySource(derivedDir) ?? 'none (frequency.tsv missing)',
      counts,
    }),
  );
  const issues = [
    ...validateContent(options.outDir),
    ...refused.map((r) => ({ file: 'sentences.json' as const, message: `authored sentence refused: ${r}` })),
    ...missingMainOn.map((m) => ({ file: 'readings.json' as const, message: `${m}: the main on reading is used by a course word but has no card` })),
    ...missingEveryday.map((m) => ({ file: 'readings.json' as const, message: `${m}` })),
    ...exampleProblems(cards, lookup, (ch) => kanjiMap.get(ch)?.teachIndex ?? Infinity).map((m) => ({ file: 'readings.json' as const, message: `example word: ${m}` })),
    ...cards
      .filter((c) => c.wholeWord && !READING_NOTES.has(`${c.kanji.entry.literal}:${c.display}`))
      .map((c) => ({ file: 'readings.json' as const, message: `${c.kanji.entry.literal} ${c.display}: its example word ${c.vocab?.written} is read as a whole word; say so in authored/reading-notes.ts` })),
  ];
  for (const i of issues.slice(0, 50)) log(`invalid: ${i.file}: ${i.message}`);
  if (issues.length > 50) log(`… ${issues.length - 50} more problems`);
  log(`wrote ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')} to ${options.outDir}`);
  return { counts, issues, warnings, known, coverage, durationMs: Date.now() - started };
}

/**
 * KANJIDIC2 and EDICT read, the kanji ordered, and EDICT's common words turned into the candidates a course word is
 * chosen from (the hand-written corrections of authored/word-list.ts applied). Shared by the build and by
 * content:frequency, which scores exactly these candidates.
 */
async function readWordSources(files: SourceFiles, log: (m: string) => void) {
  log(`reading KANJIDIC2 from ${files.kanjidic}`);
  const kanjidic = await parseKanjidic(files.kanjidic);
  log(`reading EDICT from ${files.edict}`);
  const edict = parseEdict(files.edict);
  const ordered = orderKanji(kanjidic.entries);
  const kanjiMap = new Map(ordered.map((k) => [k.entry.literal, k]));
  const candidates = buildCandidates(edict.lines, { kanjiRank: (ch) => kanjiMap.get(ch)?.teachIndex ?? Infinity, separate: SEPARATE_SPELLINGS, kanaOwner: KANA_OWNERS });
  const excluded = (c: VocabCandidate) => EXCLUDED_WORDS.has(`${c.written}|${c.reading}`) || EXCLUDED_WORDS.has(c.written);
  const extra = coreWordsOutsideCommon(edict.rows, [...CORE_VOCAB, ...N5_CORE, ...N3_CORE, ...KANJI_COVER_WORDS], candidates);
  if (extra.length) log(`core vocab: ${extra.map((c) => c.written).join(' ')} taken from EDICT lines without the common mark`);
  const teachable = addVariants(preferSpellings(mergeReadingVariants([...candidates, ...extra], READING_VARIANTS), PREFERRED_SPELLINGS), ADDED_VARIANTS).filter((c) => !excluded(c));
  log(`${edict.lines.length} common EDICT lines → ${candidates.length} candidate words, ${candidates.length + extra.length - teachable.length} merged or excluded by hand`);
  return { kanjidic, edict, ordered, kanjiMap, candidates, teachable };
}

/**
 * The `content:frequency` command: scores every candidate word with UniDic (Debian unidic-mecab, 1 GB; only this
 * step needs it) and writes backend/content/frequency.tsv, which content:build reads. Returns the exit code.
 */
export async function contentFrequencyCommand(outDir: string, log: (m: string) => void = (m) => console.log(m)): Promise<number> {
  const files = locateSources();
  const { teachable } = await readWordSources(files, log);
  let model: ReturnType<typeof loadFrequency>;
  try {
    model = loadFrequency();
  } catch {
    console.error(`content:frequency needs UniDic from Debian: sudo apt-get install -y ${UNIDIC_PACKAGE} (about 1 GB).`);
    return 1;
  }
  const n = writeFrequencyTable(outDir, model, teachable, `UniDic ${packageVersion(UNIDIC_PACKAGE)} (Debian ${UNIDIC_PACKAGE})`);
  log(`wrote ${n} word frequencies to ${join(outDir, FREQUENCY_FILE)} (UniDic ${packageVersion(UNIDIC_PACKAGE)})`);
  return 0;
}

/**
 * Core words EDICT does not mark common (とても, コップ under 洋杯 [コップ], 歳 さい as a counter): the teacher's list
 * is the authority, so their lines are read without the common mark. Only items that match no candidate are looked up.
 */
function coreWordsOutsideCommon(rows: readonly string[], items: readonly string[], have: readonly VocabCandidate[]): VocabCandidate[] {
  const known = new Set(
    have.flatMap((c) => [`${c.written}|${c.reading}`, ...c.variants.map((v) => `${v}|${c.reading}`), ...c.otherForms.map((f) => `${f.written}|${f.reading}`)]),
  );
  const wanted = new Map<string, string>();
  for (const { written: w, reading } of coreItems(items)) {
    const kanaItem = toHiragana(w) === reading;
    const merged = kanaItem && have.some((c) => c.otherForms.some((f) => f.reading === reading));
    if (!merged && !known.has(`${w}|${reading}`) && !known.has(`${toHiragana(w)}|${reading}`)) wanted.set(`${w}|${reading}`, w);
  }
  if (!wanted.size) return [];
  const readings = new Set([...wanted.keys()].map((k) => k.split('|')[1]));
  const katakanaItem = (l: { headword: string; reading: string }) =>
    l.headword !== l.reading && /^[\u30a0-\u30ff]+$/.test(l.reading) && wanted.get(`${l.reading}|${toHiragana(l.reading)}`) === l.reading;
  const lines = rows
    .map((row, i) => parseEdictLine(row, i + 1))
    .filter((l): l is NonNullable<typeof l> => !!l && readings.has(toHiragana(l.reading)))
    .filter((l) => {
      const reading = toHiragana(l.reading);
      const w = wanted.get(`${l.headword}|${reading}`) ?? wanted.get(`${l.reading}|${reading}`) ?? wanted.get(`${reading}|${reading}`);
      return w !== undefined && (l.headword === w || l.senses[0]?.misc.includes('uk') || katakanaItem(l));
    })
    // A loanword the teacher lists in katakana (ゼロ, ワイシャツ) whose only line is headed by a kanji spelling that is
    // not "usually kana" (零 [ゼロ]) or by a spelling with a Latin letter (Ｙシャツ [ワイシャツ]): taught in katakana.
    .map((l) => (katakanaItem(l) && (!l.senses[0]?.misc.includes('uk') || !/^[\u3040-\u30ff\u3400-\u9fff々]+$/.test(l.headword)) ? { ...l, headword: l.reading } : l))
    // The teacher's item is the authority: a word EDICT marks only as dated (朕, the emperor's "We") keeps that
    // sense, and its register note says so (authored/word-list.ts REGISTER_NOTES).
    .map((l) => ({ ...l, common: true, senses: l.senses.some(keepSense) ? l.senses : l.senses.map((s) => ({ ...s, misc: s.misc.filter((m) => m !== 'dated') })) }));
  // A usually-kana word is keyed by its kana (あい|あい) but listed under its kanji (藍:あい).
  return buildCandidates(lines).filter((c) => !known.has(c.key) && (wanted.has(c.key) || wanted.has(`${c.kanjiForm}|${c.reading}`)));
}

/** Part of speech, senses, variants and register note of a ranked word, in schema field order. */
function vocabDetails(v: ReturnType<typeof rankVocab>[number]): Partial<VocabEntry> {
  const pos = partOfSpeech(v.candidate.senses[0]);
  const variants = wordVariants(v.candidate, v.written, HIDDEN_VARIANTS);
  const note = registerNote(v.candidate, REGISTER_NOTES);
  return {
    ...(pos ? { part_of_speech: pos } : {}),
    senses: wordSenses(v.candidate, v.definition, HIDDEN_SENSES.get(`${v.written}|${v.candidate.reading}`)),
    ...(v.pitch?.length ? { pitch: v.pitch } : {}),
    ...(variants.length ? { variants } : {}),
    ...(note ? { note } : {}),
  };
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
/** KANJIDIC (kanji by kanji, sound changes included) and EDICT (whole headwords) as witnesses of a reading. */
function readingWitnesses(lookup: ReadingLookup, rows: readonly string[]): ReadingWitnesses {
  let index: Map<string, Set<string>> | undefined;
  return {
    kanjidic: (run, reading) => alignReading(run, reading, lookup) !== null,
    edict: (written, reading) => {
      if (!index) {
        index = new Map();
        for (const r of rows) {
          const m = /^(\S+) \[([^\]]+)\]/.exec(r);
          if (!m) continue;
          const set = index.get(m[1]) ?? new Set<string>();
          set.add(toHiragana(m[2]));
          index.set(m[1], set);
        }
      }
      return index.get(written)?.has(reading) ?? false;
    },
  };
}

function makeDictionary(candidates: VocabCandidate[], rows: string[], taught: ReadonlyMap<string, string> = new Map()): DictionaryLookup {
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
      // The word itself before a word that merely lists this spelling (降る ふる before 下る, which EDICT also spells 降る).
      // Then the one whose reading shares the longest start with the reading in the sentence (止まる とまる, not 止まる
      // とどまる, for とまりました).
      const prefix = (r: string) => {
        let n = 0;
        while (n < r.length && n < reading.length && r[n] === reading[n]) n++;
        return n;
      };
      const fit = (c: VocabCandidate) => (c.written === basicForm ? 200 : c.kanjiForm === basicForm ? 100 : 0) + prefix(c.reading);
      hits.sort((a, b) => fit(b) - fit(a));
      const best =
        hits.find((c) => c.reading === reading && posOk(pos, c.senses[0].pos)) ??
        hits.find((c) => c.reading === reading) ??
        hits.find((c) => posOk(pos, c.senses[0].pos)) ??
        hits[0];
      if (best) return taught.get(best.key) ?? shortDefinition(best);
      const lines = raw(basicForm)
        .map((r) => parseEdictLine(r))
        .filter((l): l is NonNullable<typeof l> => !!l && l.senses.some(keepSenseForGloss));
      const line =
        lines.find((l) => l.common && posOk(pos, l.senses[0].pos)) ??
        lines.find((l) => toHiragana(l.reading) === reading && posOk(pos, l.senses[0].pos)) ??
        lines.find((l) => toHiragana(l.reading) === reading) ??
        lines[0];
      const sense = line?.senses.find(keepSenseForGloss);
      return sense ? sense.glosses.slice(0, 2).map((g) => trimGloss(stripOrigin(g))).join('; ') : undefined;
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

/**
 * The course word a kana card's example word is, so the card can play the word alone (issue 29): same reading,
 * and a meaning that shares a content word with the kana table's gloss (あさ "morning" is 朝, not 麻; はし
 * "chopsticks" is not 橋). The easiest such word; none when no course word means the same.
 */
export function kanaExampleWord(kana: { vocab_reading: string; vocab_definition: string }, words: readonly RankedVocab[]): RankedVocab | undefined {
  const reading = toHiragana(kana.vocab_reading);
  const content = (text: string) =>
    new Set((text.toLowerCase().replace(/our\b/g, 'or').match(/[a-z]+/g) ?? []).filter((w) => (w.length > 2 || w === 'me') && !GLOSS_STOP_WORDS.has(w)));
  const wanted = content(kana.vocab_definition);
  return words.find((w) => w.candidate.reading === reading && [...content(w.definition)].some((x) => wanted.has(x)));
}
