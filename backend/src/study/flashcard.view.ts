import { AppError } from '../platform/errors/app-error';
import { MAX_ID } from '#contract/courses';
import { FLASHCARD_ID } from '#contract/study.requests';
import type { Mastery } from './card.events';
import type { Course, MaterialType } from './courses';
import { preview, type CardMemory, type Learner } from './scheduler';

/** A flashcard as GET/POST /api/flashcard answer it (SPEC §3 Flashcard). */
export interface FlashcardView {
  /** "<material_type>-<material_id>", e.g. "reading-42": what POST /api/flashcard takes back as `id` */
  flashcard_id: string;
  course: Course;
  level: number;
  /** 0 means a new card */
  attempts: number;
  mastery_level: Mastery;
  /** hours */
  interval: number;
  /** the interval in hours each grade would give now ("10" only on new cards, for "I already know it") */
  next_intervals: Record<string, number>;
  /** the card stream's version (0 for a new card); sent back as `version`, a grade made elsewhere meanwhile is refused */
  version: number;
  due_at: string | null;
  material: unknown;
}

export interface MaterialRef {
  material_type: MaterialType;
  material_id: number;
  course: Course;
  level: number;
  data: unknown;
  /** the breakdown words the learner knows (study_known_words); absent where the read did not ask */
  known_words?: readonly string[];
  /** the learner's scheduling parameters (learner_memory, read with the material); absent: the scheduler's defaults */
  learner?: Learner;
}

export interface CardRef {
  level: number;
  attempts: number;
  mastery: Mastery;
  interval_hours: number;
  due_at: Date | string;
  version: number | string;
  /** the interval rule's memory of the card (card_states.memory); null or absent before scheduler version 3 */
  memory?: CardMemory | null;
}

/**
 * The learner as the scheduler takes it, from the columns a read folds in (learner_memory.strength, one primary-key
 * lookup in the statement that reads the card): null or absent is a learner not fitted yet.
 */
export function learnerOf(strength: number | null | undefined): Learner | undefined {
  return typeof strength === 'number' && Number.isFinite(strength) && strength > 0 ? { strength } : undefined;
}

export function flashcardId(materialType: string, materialId: number): string {
  return `${materialType}-${materialId}`;
}

export function parseFlashcardId(id: string): { materialType: MaterialType; materialId: number } | null {
  const match = FLASHCARD_ID.exec(id);
  if (!match) return null;
  const materialId = Number(match[2]);
  return materialId <= MAX_ID ? { materialType: match[1] as MaterialType, materialId } : null;
}

/** The material a flashcard id names, or a 400 naming the field `id` (the grade and the undo take it in their body). */
export function flashcardRefOrFail(id: string): { materialType: MaterialType; materialId: number } {
  const ref = parseFlashcardId(id);
  if (!ref) {
    throw new AppError('validation_failed', `"${id}" is not a flashcard id (like reading-42).`, {
      fields: [{ field: 'id', message: 'Expected <material_type>-<material_id>, e.g. reading-42.' }],
    });
  }
  return ref;
}

// An interval depends on the card and the learner, not on the instant (only mastery does, which the buttons do not show).
const ANY_INSTANT = new Date(0);

/**
 * The intervals the grade buttons show: the scheduler's own preview, so the buttons cannot promise what the grade
 * would not do. A lesson grade makes the card due at once (reviewed after the batch); "10" is for new cards.
 */
export function nextIntervals(card: Pick<CardRef, 'attempts' | 'interval_hours' | 'memory'> | null, learner?: Learner): Record<string, number> {
  const shown = {
    attempts: card?.attempts ?? 0,
    mastery: 'learning' as const,
    interval_hours: card?.interval_hours ?? 0,
    due_at: null,
    last_reviewed_at: null,
    learned_at: null,
    memory: card?.memory ?? null,
  };
  return Object.fromEntries(Object.entries(preview(shown, ANY_INSTANT, learner)).map(([grade, after]) => [grade, after.interval_hours]));
}

export function flashcardView(material: MaterialRef, card: CardRef | null): FlashcardView {
  return {
    flashcard_id: flashcardId(material.material_type, material.material_id),
    course: material.course,
    level: card?.level ?? material.level,
    attempts: card?.attempts ?? 0,
    mastery_level: card?.mastery ?? 'learning',
    interval: card?.interval_hours ?? 0,
    next_intervals: nextIntervals(card, material.learner),
    version: Number(card?.version ?? 0),
    due_at: card ? new Date(card.due_at).toISOString() : null,
    material: withLearnerKnows(learnerMaterial(withSentenceForReview(material.data, card?.attempts ?? 0)), material.known_words ?? []),
  };
}

/**
 * Each word of the shown sentence's breakdown says whether the learner knows it (`learner_knows`: their vocab card
 * of it is Intermediate or Mastered), so the furigana setting's "fainter for words you know" can keep its promise
 * (issue 31). The authored `vocab` flag says only that the word is the course's vocabulary.
 */
export function withLearnerKnows(data: unknown, knownWords: readonly string[]): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = data as Record<string, unknown>;
  if (!Array.isArray(d.sentence_breakdown)) return d;
  const known = new Set(knownWords);
  return {
    ...d,
    sentence_breakdown: (d.sentence_breakdown as unknown[]).map((entry) =>
      entry && typeof entry === 'object' ? { ...entry, learner_knows: known.has(String((entry as { word?: unknown }).word)) } : entry,
    ),
  };
}

const SENTENCE_FIELDS = ['sentence_id', 'sentence', 'furigana', 'sentence_meaning', 'sentence_context', 'sentence_breakdown', 'sentence_audio_url'] as const;

/**
 * A word taught with two sentences shows them in turn: the first at the lesson, the second at the first review,
 * and so on (attempts modulo the number of sentences). The choice depends only on the card, so the same card
 * shows the same sentence on every device until it is graded; the served card says which one it shows
 * (`sentence_id`, `sentence_number` of `sentence_count`). The others stay on the server: the card shows one.
 */
export function withSentenceForReview(data: unknown, attempts: number): unknown {
  if (!data || typeof data !== 'object') return data;
  const { other_sentences: others, ...d } = data as Record<string, unknown>;
  const alternatives = Array.isArray(others) ? (others as Record<string, unknown>[]) : [];
  if (!d.sentence) return d;
  const count = 1 + alternatives.length;
  const index = Math.max(0, Math.trunc(attempts)) % count;
  const chosen = index === 0 ? {} : Object.fromEntries(SENTENCE_FIELDS.map((f) => [f, alternatives[index - 1][f] ?? null]));
  return { ...d, ...chosen, sentence_number: index + 1, sentence_count: count };
}

/**
 * Learners hear and see only media an admin approved (DESIGN §3, SPEC §5): generated audio or images that are
 * still waiting for review are left out of the card. The system voice (Open JTalk, issue 14) is approved by the
 * system; the word's clip (`word_audio_url`) and the sentence's (`sentence_audio_url`) come as they are.
 */
export function learnerMaterial(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data;
  const { audio_vetoed: vetoed, ...d } = data as Record<string, unknown>;
  // The card's audio: the admin's own once approved, else the system voice (the kana, or the sentence shown),
  // unless the admin unapproved the card's audio without giving another.
  const own = d.is_audio_approved === true ? (d.audio_url ?? null) : null;
  const system = vetoed === true ? null : (d.kana_audio_url ?? d.sentence_audio_url ?? null);
  return {
    ...d,
    audio_url: own ?? system,
    audio_spec: own ? (d.audio_spec ?? null) : system ? (d.voice_spec ?? null) : null,
    image_url: d.is_image_approved === true ? (d.image_url ?? null) : null,
  };
}
