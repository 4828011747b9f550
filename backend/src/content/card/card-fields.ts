// Where each Material field (SPEC §3) an admin or a media job may set is stored. A card shows fields of up to
// three materials (catalogue/README.md): its own stream, its word (reading cards) and its sentence. An edit goes
// to the material the shown value comes from, so the catalogue recomputes every card that shows it. Which fields
// a card's own stream overrides is content's one list (CARD_OVERRIDE_FIELDS); this file only places them.

import { CARD_TYPES, type CardType } from '#contract/admin';
import { CARD_OVERRIDE_FIELDS } from '../material/material-fields';

export { CARD_TYPES, type CardType };

const intOf = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/**
 * The other materials a card shows and an admin can edit through it, from its catalogue row: its sentence and
 * (reading) its word.
 */
export function linkedMaterials(card: { type: CardType; data: Record<string, unknown> }): { sentenceId: number | null; vocabId: number | null } {
  return { sentenceId: intOf(card.data.sentence_id), vocabId: card.type === 'reading' ? intOf(card.data.vocab_id) : null };
}

/** own: the card's stream; vocab: the reading's word; sentence: the sentence the card shows. */
export type FieldTarget = 'own' | 'vocab' | 'sentence';

export interface FieldPlace {
  target: FieldTarget;
  /** the field's name in that material's data */
  field: string;
}

const SENTENCE_FIELDS: Record<string, string> = {
  sentence: 'text',
  furigana: 'furigana',
  sentence_meaning: 'translation',
  sentence_breakdown: 'breakdown',
  sentence_context: 'context',
};

const TYPE_FIELDS: Record<CardType, Record<string, FieldPlace>> = {
  reading: {
    grade: { target: 'own', field: 'grade' },
    vocab_id: { target: 'own', field: 'vocab_id' },
    kanji: { target: 'own', field: 'kanji' },
    reading: { target: 'own', field: 'reading' },
    vocab: { target: 'vocab', field: 'kanji' },
    vocab_hiragana: { target: 'vocab', field: 'reading' },
    vocab_meaning: { target: 'vocab', field: 'definition' },
  },
  vocab: {
    vocab: { target: 'own', field: 'kanji' },
    vocab_hiragana: { target: 'own', field: 'reading' },
    vocab_meaning: { target: 'own', field: 'definition' },
  },
  kana: {
    kana: { target: 'own', field: 'kana' },
    vocab: { target: 'own', field: 'vocab_reading' },
    vocab_hiragana: { target: 'own', field: 'vocab_reading' },
    vocab_meaning: { target: 'own', field: 'vocab_definition' },
  },
};

/** The Material fields an admin may set on a card of this type (PATCH), approvals and media included. */
export function editableFields(type: CardType): string[] {
  return [...new Set([...Object.keys(TYPE_FIELDS[type]), ...Object.keys(SENTENCE_FIELDS), ...CARD_OVERRIDE_FIELDS])];
}

/**
 * Where a Material field of a card is stored, or null when the card type has no such field.
 * `sentence_context` is the card's own note when it has one (or has no sentence), else its sentence's context:
 * the value is edited where the card's shown value comes from.
 */
export function placeOf(type: CardType, field: string, card: { hasContextOverride: boolean; hasSentence: boolean }): FieldPlace | null {
  if (field === 'sentence_context') {
    return card.hasContextOverride || !card.hasSentence ? { target: 'own', field } : { target: 'sentence', field: 'context' };
  }
  if ((CARD_OVERRIDE_FIELDS as readonly string[]).includes(field)) return { target: 'own', field };
  if (field in SENTENCE_FIELDS) return { target: 'sentence', field: SENTENCE_FIELDS[field] };
  return TYPE_FIELDS[type][field] ?? null;
}

const STORED_AS: Record<string, Record<string, string>> = {
  sentence: Object.fromEntries(Object.entries(SENTENCE_FIELDS).map(([material, stored]) => [stored, material])),
  vocab: { kanji: 'vocab', reading: 'vocab_hiragana', definition: 'vocab_meaning' },
  kana: { vocab_reading: 'vocab_hiragana', vocab_definition: 'vocab_meaning' },
};

/** The Material field name a stored field of a sentence, word or kana stands for (the history shows those). */
export function materialFieldOf(kind: string, field: string): string {
  return STORED_AS[kind]?.[field] ?? field;
}
