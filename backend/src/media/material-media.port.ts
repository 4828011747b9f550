import type { MediaJobAction } from './media-actions';
import type { MediaResult } from './media.events';
import type { VoiceJobInput } from './media-queue';

/**
 * What a media job needs of a material: its text fields as served on a flashcard (SPEC §3). Every field is
 * optional: a kana card has no sentence yet, a generated sentence has no breakdown yet.
 */
export interface MaterialMediaText {
  kanji?: string | null;
  kana?: string | null;
  vocab?: string | null;
  vocab_hiragana?: string | null;
  vocab_meaning?: string | null;
  reading?: string | null;
  sentence?: string | null;
  furigana?: string | null;
  sentence_meaning?: string | null;
  sentence_context?: string | null;
  image_description?: string | null;
  image_situation?: string | null;
  image_tmp?: string | null;
  image_url?: string | null;
  audio_url?: string | null;
  course?: string | null;
  level?: number | null;
  [field: string]: unknown;
}

/** Who asked and for what: passed along so a port can record the outcome in the right stream. */
export interface MediaJobContext {
  materialType: string;
  materialId: number;
  actorId: string | null;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** action `voice`: what the job was asked to speak (its key names the clip, also when it fails) */
  voice?: VoiceJobInput;
}

/**
 * The worker's only way to the material: read its text, record what a job produced. The admin context
 * provides it under MATERIAL_MEDIA_PORT (it may also apply the result to the material); EventMaterialMediaPort
 * is the default. Recording must be idempotent per (requestEventId, action, outcome): a job that is retried
 * after a crash records again.
 */
export interface MaterialMediaPort {
  load(materialType: string, materialId: number): Promise<MaterialMediaText | null>;
  recordSucceeded(requestEventId: string, action: MediaJobAction, result: MediaResult, jobId: string, context: MediaJobContext): Promise<void>;
  /**
   * `message` is written for the admin (what failed, what to do). `final` is false when BullMQ will retry the
   * job; the default port records only final failures.
   */
  recordFailed(requestEventId: string, action: MediaJobAction, message: string, final: boolean, context: MediaJobContext & { jobId: string }): Promise<void>;
}

export const MATERIAL_MEDIA_PORT = Symbol('MATERIAL_MEDIA_PORT');
