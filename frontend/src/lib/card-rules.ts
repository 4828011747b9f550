// Card display rules of SPEC §5, on a structural card type so any feature can use them.
import { courseKind } from './courses';

export interface CardMaterialLike {
  kana?: string | null;
  kanji?: string | null;
  vocab?: string | null;
  vocab_hiragana?: string | null;
  vocab_meaning?: string | null;
  reading?: string | null;
  sentence?: string | null;
  furigana?: string | null;
  sentence_meaning?: string | null;
  meanings?: string[] | null;
  audio_url?: string | null;
}
export interface CardLike {
  course: string;
  mastery_level: 'learning' | 'intermediate' | 'mastered';
  material: CardMaterialLike;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * 'Invalid card' when required data is missing: the kana of a kana card; the sentence, the meaning or the
 * kana reading of a kanji or vocab card.
 */
export function isInvalidCard(card: CardLike): boolean {
  const m = card.material;
  if (courseKind(card.course) === 'kana') return !present(m.kana);
  const hasSentence = present(m.sentence) || present(m.furigana);
  const hasMeaning = present(m.vocab_meaning) || Boolean(m.meanings?.some(present));
  const hasKana = present(m.vocab_hiragana) || present(m.reading);
  return !hasSentence || !hasMeaning || !hasKana;
}

export type VocabPromptMode = 'audio' | 'text' | 'audio-text';

/**
 * SPEC §5: audio is shown when audio_url exists, except for kanji, kana, or text-prompt vocab cards without an
 * extra flag. The extra flag is the flipped card: on the answer side the audio is always offered (it would
 * give the reading away on the question side).
 */
export function isAudioShown(opts: { course: string; audioUrl?: string | null; prompt: VocabPromptMode; flipped: boolean }): boolean {
  if (!present(opts.audioUrl)) return false;
  if (opts.flipped) return true;
  return courseKind(opts.course) === 'vocab' && opts.prompt !== 'text';
}

/** Vocab 'audio' prompt with hide-text: the question is listening only; the text appears on the answer side. */
export function isTextHidden(opts: { course: string; prompt: VocabPromptMode; hideText: boolean; flipped: boolean }): boolean {
  return !opts.flipped && courseKind(opts.course) === 'vocab' && opts.prompt === 'audio' && opts.hideText;
}

/** Whether to play the audio by itself once it is shown, per the course's autoplay setting. */
export function shouldAutoplay(opts: { course: string; audioAutoplay: boolean; vocabAudioAutoplay: boolean }): boolean {
  return courseKind(opts.course) === 'vocab' ? opts.vocabAudioAutoplay : opts.audioAutoplay;
}

/** Cards that reached Intermediate (or Mastered) hide the sentence context at first. */
export function hidesContextAtFirst(card: Pick<CardLike, 'mastery_level'>): boolean {
  return card.mastery_level !== 'learning';
}
