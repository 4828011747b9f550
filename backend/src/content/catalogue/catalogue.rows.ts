import { APPROVAL_FLAGS } from '#contract/admin.requests';
import { materialContentSchema } from '#contract/content';
import { VOCAB_COURSES } from '../../kernel/courses';
import { CARD_OVERRIDE_FIELDS } from '../material/material-fields';
import type { MaterialState } from '../material/material.state';
import { stateKey } from '../material/material.state';
import { currentVoice } from './voice-input';

/**
 * Pure builders of the catalogue's read rows from material states. A study card (`materials` row) is a kana,
 * a kanji reading or a vocab word, denormalised with what it shows: a reading card carries its kanji, its
 * example word and that word's sentence. catalogue/README.md lists where each Material field comes from.
 */

export interface MaterialRow {
  material_type: 'kana' | 'reading' | 'vocab';
  material_id: number;
  course: string;
  level: number;
  position: number;
  version: number;
  /** taught to learners: not retired, and shows everything a card needs */
  servable: boolean;
  /** the card's own material is retired (the row stays for admins; learners never get it) */
  retired: boolean;
  data: Record<string, unknown>;
}

export interface KanjiEntryRow {
  id: number;
  character: string;
  course: string;
  level: number;
  grade: number;
  position: number;
  data: Record<string, unknown>;
}

export interface VocabEntryRow {
  id: number;
  course: string;
  level: number;
  tab: string;
  position: number;
  data: Record<string, unknown>;
}

export interface KanaEntryRow {
  id: number;
  kana: string;
  script: string;
  row: string;
  level: number;
  position: number;
  data: Record<string, unknown>;
}

export interface SentenceRow {
  id: number;
  material_type: string;
  material_id: number;
  data: Record<string, unknown>;
}

export interface VocabKanjiRow {
  kanji: string;
  vocab_id: number;
  rank: number;
}

/** Looks states up by 'type:id'. */
export type StateLookup = (type: string, id: unknown) => MaterialState | undefined;

export function lookupIn(states: Map<string, MaterialState>): StateLookup {
  return (type, id) => (typeof id === 'number' ? states.get(stateKey(type, id)) : undefined);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Sentences linking to a card ("type:id"), oldest first: the content's and those an admin wrote for it. */
export type Backlinks = Map<string, MaterialState[]>;

/**
 * The sentences a card is taught with, the first one first: the one its entry names (`sentence_id`), then the
 * others written for it (`material_type`/`material_id`: a word's second sentence, an admin's). A reading card
 * without its own falls back to its example word's sentences (not to a retired word's). A sentence an admin
 * marked `is_approved: false` (generated, not reviewed yet) or a retired one does not count.
 */
export function sentencesFor(card: MaterialState, lookup: StateLookup, backlinks: Backlinks): MaterialState[] {
  const approved = (s: MaterialState | undefined): s is MaterialState => Boolean(s && s.data.is_approved !== false && !s.retired);
  const named = lookup('sentence', card.data.sentence_id);
  const own = [named, ...(backlinks.get(stateKey(card.type, card.id)) ?? [])].filter(approved);
  const unique = own.filter((s, i) => own.findIndex((o) => o.id === s.id) === i);
  // A card that writes its word in another spelling (羨ましい) needs its own sentence: the word's shows うらやましい.
  if (unique.length || card.type !== 'reading' || str(card.data.vocab_spelling)) return unique;
  const vocab = lookup('vocab', card.data.vocab_id);
  return vocab && !vocab.retired ? sentencesFor(vocab, lookup, backlinks) : [];
}

function sentenceFields(sentence: MaterialState | undefined): Record<string, unknown> {
  const s = sentence?.data ?? {};
  return {
    sentence_id: sentence?.id ?? null,
    sentence: str(s.text),
    furigana: str(s.furigana),
    sentence_meaning: str(s.translation),
    sentence_context: str(s.context),
    sentence_breakdown: Array.isArray(s.breakdown) ? s.breakdown : null,
    // the system voice of this sentence, while it matches the text (voice-input.ts)
    sentence_audio_url: sentence ? (currentVoice('sentence', s)?.url ?? null) : null,
  };
}

/**
 * The system voice on a card (issue 14), beside the admin's own audio fields, which stay as the admin set them
 * (audio_url, is_audio_approved, audio_spec): the learner's view (study/flashcard.view.ts) plays the admin's
 * audio once approved, else the system clip, unless the admin unapproved the card's audio without giving
 * another (`audio_vetoed`).
 */
function voiceFields(card: MaterialState, own: MaterialState | undefined, word: MaterialState | undefined): Record<string, unknown> {
  const ownVoice = own ? currentVoice(own.type, own.data) : null;
  return {
    kana_audio_url: card.type === 'kana' ? (ownVoice?.url ?? null) : null,
    word_audio_url: word ? (currentVoice('vocab', word.data)?.url ?? null) : null,
    voice_spec: ownVoice?.spec ?? (word ? currentVoice('vocab', word.data)?.spec : null) ?? null,
    audio_vetoed: card.data.is_audio_approved === false && !str(card.data.audio_url),
  };
}

/** A kana card's example word as a course word (kana.json `vocab_id`), unless it left the course. */
function exampleWord(card: MaterialState, lookup: StateLookup): MaterialState | undefined {
  const word = lookup('vocab', card.data.vocab_id);
  return word && !word.retired ? word : undefined;
}

/** The card's first sentence in the card's own fields, the others (a word's second sentence) in `other_sentences`. */
function cardSentences(card: MaterialState, lookup: StateLookup, backlinks: Backlinks): Record<string, unknown> {
  const [first, ...others] = sentencesFor(card, lookup, backlinks);
  return { ...sentenceFields(first), other_sentences: others.map(sentenceFields) };
}

/**
 * A card's row before its fields are filled: every field of the card's content (contract/content.ts
 * materialContentSchema) empty, and what else the row holds: the other sentences, the kana's clip and the voice's
 * recipe, and the flags (not vetoed, not approved).
 */
const EMPTY_MATERIAL: Record<string, unknown> = {
  ...Object.fromEntries(Object.keys(materialContentSchema.shape).map((field) => [field, null])),
  other_sentences: [],
  kana_audio_url: null,
  voice_spec: null,
  audio_vetoed: false,
  ...Object.fromEntries(APPROVAL_FLAGS.map((flag) => [flag, false])),
};

function withOverrides(card: MaterialState, data: Record<string, unknown>): Record<string, unknown> {
  for (const field of CARD_OVERRIDE_FIELDS) {
    if (card.data[field] !== undefined && card.data[field] !== null) data[field] = card.data[field];
  }
  return data;
}

/** The `materials` row of a card state; undefined for kanji and sentences (not cards). */
export function materialRow(card: MaterialState, lookup: StateLookup, backlinks: Backlinks): MaterialRow | undefined {
  const d = card.data;
  const retired = card.retired !== null;
  const base = { material_id: card.id, level: num(d.level, 1), position: num(d.position, 1), version: card.version, retired };
  if (card.type === 'kana') {
    const data = withOverrides(card, {
      ...EMPTY_MATERIAL,
      kana: str(d.kana),
      romaji: str(d.romaji),
      hint: str(d.hint),
      script: str(d.script),
      vocab: str(d.vocab_reading),
      vocab_hiragana: str(d.vocab_reading),
      vocab_meaning: str(d.vocab_definition),
      ...cardSentences(card, lookup, backlinks),
      // The example word's own clip, when the word is a course word (issue 29: the word could not be heard alone).
      ...voiceFields(card, card, exampleWord(card, lookup)),
    });
    // A kana card shows the kana and its romaji; its sentence is optional.
    const servable = !retired && Boolean(data.kana && data.romaji);
    return { ...base, material_type: 'kana', course: 'kana', servable, data };
  }
  if (card.type === 'vocab' || card.type === 'reading') {
    const vocab = card.type === 'vocab' ? card : lookup('vocab', d.vocab_id);
    const kanji = card.type === 'reading' ? lookup('kanji', d.kanji_id) : undefined;
    const data = withOverrides(card, {
      ...EMPTY_MATERIAL,
      ...(card.type === 'reading'
        ? {
            kanji_id: num(d.kanji_id, 0) || null,
            kanji: str(d.kanji) ?? str(kanji?.data.character),
            reading: str(d.reading),
            reading_kind: str(d.kind),
            reading_grade: str(d.grade),
            meanings: Array.isArray(kanji?.data.meanings) ? kanji!.data.meanings : [],
          }
        : {}),
      vocab_id: vocab?.id ?? null,
      // A reading card may write its word in another spelling (羨ましい for the word taught as うらやましい).
      vocab: (card.type === 'reading' ? str(d.vocab_spelling) : null) ?? str(vocab?.data.kanji),
      vocab_hiragana: str(vocab?.data.reading),
      vocab_meaning: str(vocab?.data.definition),
      ...wordFacts(vocab),
      // A reading card's own note: how its word is read when not with the card's reading (叔 シュク, 叔父 おじ).
      ...(card.type === 'reading' ? { ...kanjiFacts(kanji), reading_note: str(d.note) } : {}),
      ...cardSentences(card, lookup, backlinks),
      ...voiceFields(card, undefined, vocab),
    });
    // SPEC §5 'Invalid card': a card without its sentence, meaning or kana is not taught. A reading card whose
    // word (or kanji) is retired is not taught either until the content gives it another word: the word would
    // be taught through the back door.
    const shownRetired = Boolean(vocab?.retired || kanji?.retired);
    const servable =
      !retired && !shownRetired && Boolean(data.sentence && data.vocab_meaning && data.vocab_hiragana && (card.type === 'vocab' || data.reading));
    return { ...base, material_type: card.type, course: String(d.course ?? ''), servable, data };
  }
  return undefined;
}

export function kanjiEntryRow(k: MaterialState): KanjiEntryRow {
  const d = k.data;
  return {
    id: k.id,
    character: String(d.character ?? ''),
    course: String(d.course ?? ''),
    level: num(d.level, 1),
    grade: num(d.grade, 1),
    position: num(d.position, 1),
    data: {
      id: k.id,
      character: d.character ?? null,
      level: num(d.level, 1),
      level_label: d.level_label ?? null,
      joyo_level: d.joyo_level ?? null,
      strokes: d.strokes ?? null,
      meanings: Array.isArray(d.meanings) ? d.meanings : [],
      on_readings: Array.isArray(d.on_readings) ? d.on_readings : [],
      kun_readings: Array.isArray(d.kun_readings) ? d.kun_readings : [],
      ...(d.frequency !== undefined ? { frequency: d.frequency } : {}),
      radical: d.radical ?? null,
      components: Array.isArray(d.components) ? d.components : [],
      jlpt: d.jlpt ?? null,
      kanken: str(d.kanken),
    },
  };
}

export function vocabEntryRow(v: MaterialState, lookup: StateLookup, backlinks: Backlinks): VocabEntryRow {
  const d = v.data;
  const sentences = sentencesFor(v, lookup, backlinks);
  return {
    id: v.id,
    course: String(d.course ?? ''),
    level: num(d.level, 1),
    tab: String(d.tab ?? ''),
    position: num(d.position, 1),
    data: {
      id: v.id,
      kanji: d.kanji ?? null,
      reading: d.reading ?? null,
      definition: d.definition ?? null,
      level: num(d.level, 1),
      // the word spoken (system voice), else the admin's approved audio
      audio_url: currentVoice('vocab', d)?.url ?? (d.is_audio_approved === true ? str(d.audio_url) : null),
      sentence_id: sentences[0]?.id ?? null,
      // every sentence of the word, the first one first: the dictionary shows them all
      sentence_ids: sentences.map((x) => x.id),
      part_of_speech: str(d.part_of_speech),
      senses: Array.isArray(d.senses) ? d.senses : [],
      pitch: Array.isArray(d.pitch) ? d.pitch : [],
      variants: Array.isArray(d.variants) ? d.variants : [],
      note: str(d.note),
    },
  };
}

export function kanaEntryRow(k: MaterialState): KanaEntryRow {
  const d = k.data;
  return {
    id: k.id,
    kana: String(d.kana ?? ''),
    script: String(d.script ?? ''),
    row: String(d.row ?? ''),
    level: num(d.level, 1),
    position: num(d.position, 1),
    data: {
      kana: d.kana ?? null,
      romaji: d.romaji ?? null,
      hint: d.hint ?? null,
      audio_url: currentVoice('kana', d)?.url ?? (d.is_audio_approved === true ? str(d.audio_url) : null),
      vocab_reading: d.vocab_reading ?? null,
      vocab_definition: d.vocab_definition ?? null,
    },
  };
}

export function sentenceRow(s: MaterialState): SentenceRow {
  return {
    id: s.id,
    material_type: String(s.data.material_type ?? ''),
    material_id: num(s.data.material_id, 0),
    data: s.data,
  };
}

/** A vocab course's place in the course order (Vocab I first); a word of no known course ranks after them all. */
const VOCAB_COURSE_RANK: Record<string, number> = Object.fromEntries(VOCAB_COURSES.map((c, i) => [c, i]));
const KANJI_CHAR = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u{20000}-\u{2FFFF}]/gu;

/** One row per distinct kanji in a word's written form, ranked by course order. */
export function vocabKanjiRows(v: MaterialState): VocabKanjiRow[] {
  const written = typeof v.data.kanji === 'string' ? v.data.kanji : '';
  const chars = [...new Set(written.match(KANJI_CHAR) ?? [])];
  const rank = (VOCAB_COURSE_RANK[String(v.data.course)] ?? VOCAB_COURSES.length) * 1_000_000 + num(v.data.position, 999_999);
  return chars.map((kanji) => ({ kanji, vocab_id: v.id, rank }));
}

/**
 * What a card back tells about its word besides the meaning: part of speech, pitch accent (downstep positions,
 * 0 = flat) and the register note, which must be seen wherever the word is taught.
 */
function wordFacts(vocab: MaterialState | undefined): Record<string, unknown> {
  const d = vocab?.data ?? {};
  return {
    vocab_part_of_speech: str(d.part_of_speech),
    vocab_pitch: Array.isArray(d.pitch) && d.pitch.length ? d.pitch : null,
    vocab_note: str(d.note),
  };
}

/** The kanji's radical and components, for the back of a reading card. */
function kanjiFacts(kanji: MaterialState | undefined): Record<string, unknown> {
  const d = kanji?.data ?? {};
  return {
    kanji_radical: d.radical && typeof d.radical === 'object' ? d.radical : null,
    kanji_components: Array.isArray(d.components) && d.components.length ? d.components : null,
  };
}
