import { createHash } from 'node:crypto';
import { toHiragana } from '../build/text';

/**
 * What the system voice speaks for a material that owns a text (issue 14): a kana its kana, a word its written
 * form read as the card reads it, a sentence its text read as its furigana says. The key names the input: a clip
 * is served only while the material still holds the text it was made from, so an edited sentence never plays
 * its old audio, and the voice scheduler asks for a new clip when the key changes.
 */
export type VoiceKind = 'kana' | 'word' | 'sentence';

export interface VoiceInput {
  kind: VoiceKind;
  /** the text as written */
  text: string;
  /** a sentence: its furigana, which the clip must follow */
  furigana?: string;
  /** a word or a kana: its reading in hiragana */
  reading?: string;
  /** names this input (kind, text, reading): stable across processes and releases */
  key: string;
}

/** The system clip a material holds (MaterialRevised `voice`, recorded by the voice jobs). */
export interface StoredVoice {
  key: string;
  url: string;
  /** the provider and voice, e.g. "open-jtalk nitech-jp-atr503-m001" */
  spec: string;
}

/** Kana that make no sound on their own: the card speaks its example word instead. */
const SILENT_KANA = new Set(['っ', 'ッ', 'ー']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export function voiceKey(kind: VoiceKind, text: string, reading: string): string {
  return createHash('sha256').update(`voice-v1\u0000${kind}\u0000${text}\u0000${reading}`).digest('hex').slice(0, 32);
}

/** The input of a material's clip, or null when the material owns no text to speak. */
export function voiceInputOf(type: string, data: Record<string, unknown>): VoiceInput | null {
  if (type === 'kana') {
    const kana = str(data.kana);
    if (!kana) return null;
    const spoken = SILENT_KANA.has(kana) ? str(data.vocab_reading) : kana;
    if (!spoken) return null;
    const reading = toHiragana(spoken);
    return { kind: 'kana', text: spoken, reading, key: voiceKey('kana', spoken, reading) };
  }
  if (type === 'vocab') {
    const written = str(data.kanji) ?? str(data.reading);
    const reading = str(data.reading);
    if (!written || !reading) return null;
    return { kind: 'word', text: written, reading, key: voiceKey('word', written, reading) };
  }
  if (type === 'sentence') {
    const text = str(data.text);
    if (!text) return null;
    const furigana = str(data.furigana) ?? text;
    return { kind: 'sentence', text, furigana, key: voiceKey('sentence', text, furigana) };
  }
  return null;
}

/** The material's clip if it was made from the text it holds now; null while a new one is being made. */
export function currentVoice(type: string, data: Record<string, unknown>): StoredVoice | null {
  const voice = data.voice as Partial<StoredVoice> | null | undefined;
  if (!voice || typeof voice !== 'object' || typeof voice.url !== 'string' || typeof voice.key !== 'string') return null;
  const input = voiceInputOf(type, data);
  return input && input.key === voice.key ? { key: voice.key, url: voice.url, spec: typeof voice.spec === 'string' ? voice.spec : 'system voice' } : null;
}
