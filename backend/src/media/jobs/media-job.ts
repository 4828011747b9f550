import type { MediaJobAction } from '../media-actions';
import type { MediaResult } from '../media.events';
import type { MaterialMediaText } from '../material-media.port';
import type { MediaProviders } from '../providers/media-providers';
import type { MediaStorage } from '../storage/media-storage';
import type { VoiceJobInput } from '../media-queue';
import { missingInput } from '../media-job-error';
import { stripFurigana } from '../providers/kuromoji';

/** Everything one run of a media job gets. */
export interface MediaJobRun {
  action: MediaJobAction;
  materialType: string;
  materialId: number;
  material: MaterialMediaText;
  /** action `voice`: the text to speak, carried by the job */
  voice?: VoiceJobInput;
  providers: MediaProviders;
  storage: MediaStorage;
  signal?: AbortSignal;
  log: (message: string) => void;
}

/** One action: one file in this folder, `<action in kebab-case>.job.ts` (fetch_audio: fetch-audio.job.ts). */
export interface MediaJob {
  readonly action: MediaJobAction;
  run(run: MediaJobRun): Promise<MediaResult>;
}

export const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The sentence of the card, without bracketed furigana. */
export function sentenceOf(material: MaterialMediaText): string | undefined {
  const s = text(material.sentence) ?? (text(material.furigana) ? stripFurigana(text(material.furigana)!) : undefined);
  return s;
}

export function requireSentence(material: MaterialMediaText, action: string): string {
  const s = sentenceOf(material);
  if (!s) throw missingInput(`This material has no sentence yet, so ${action} has nothing to work on. Run fetch_sentence or write a sentence first.`);
  return s;
}

/** How the card's word is described to a language model. */
export function describeWord(type: string, m: MaterialMediaText): string {
  const word = text(m.vocab) ?? text(m.vocab_hiragana) ?? text(m.kana) ?? '';
  const reading = text(m.vocab_hiragana) && text(m.vocab_hiragana) !== word ? ` (read ${text(m.vocab_hiragana)})` : '';
  const meaning = text(m.vocab_meaning) ? `, meaning "${text(m.vocab_meaning)}"` : '';
  const kanji = type === 'reading' && text(m.kanji) ? ` It teaches the kanji ${text(m.kanji)} read ${text(m.reading) ?? '?'}.` : '';
  return `the word ${word}${reading}${meaning}.${kanji}`;
}

export const SYSTEM_PROMPT =
  'You are a Japanese teacher writing study material for English-speaking learners of Japanese. Answer with one JSON object only, no prose, no code fences.';
