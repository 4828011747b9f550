import type { Queryable } from '../../platform/database/database';
import { AppError } from '../../platform/errors/app-error';
import type { MaterialRef } from '../flashcard.view';
import { answerKeyOf, type AnswerKey } from './answer-key';

/**
 * A card's answer key: its material, and the catalogue entries of its kanji (its other readings) and its word
 * (senses, variants), read in one round trip. Only a typed answer reads it: an untyped grade never does.
 * A kana card is not typed (its answer is the romaji the box would turn back into the prompt): a 400.
 */
export async function loadAnswerKey(db: Queryable, material: Pick<MaterialRef, 'material_type' | 'data'>): Promise<AnswerKey> {
  if (material.material_type === 'kana') {
    throw new AppError('validation_failed', 'Kana cards are not answered by typing.', { fields: [{ field: 'typed', message: 'Typed answers are for kanji and vocab cards.' }] });
  }
  const data = (material.data ?? {}) as Record<string, unknown>;
  const id = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
  const { rows } = await db.query<{ kanji: Record<string, unknown> | null; vocab: Record<string, unknown> | null }>({
    name: 'study_answer_key',
    text: `select (select k.data from kanji_entries k where k.id = $1) as kanji, (select v.data from vocab_entries v where v.id = $2) as vocab`,
    values: [id(data.kanji_id), id(data.vocab_id)],
  });
  return answerKeyOf(material.material_type, data, { kanjiEntry: rows[0]?.kanji, vocabEntry: rows[0]?.vocab });
}
