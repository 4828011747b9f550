import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '../platform/event-store/event-registry';
import { uuidFromDigest } from '../platform/event-store/event-ids';
import { RECORDED_MEDIA_ACTIONS } from './media-actions';

/**
 * Media actions live in the material's own stream (`material-<type>-<id>`), so the admin sees them in the
 * material's history. Requested is recorded by the admin API (its event id is the request id every job
 * carries); Succeeded/Failed by the worker through the MaterialMediaPort, one per (request, action, outcome).
 */

const materialType = z.string().regex(/^[a-z_]{1,30}$/);
const materialId = z.number().int().positive().max(2_147_483_647);
const action = z.enum(RECORDED_MEDIA_ACTIONS);

export const breakdownItemSchema = z.object({
  word: z.string().min(1).max(200),
  pronunciation: z.string().max(400),
  meaning: z.string().max(1000),
  vocab: z.boolean().optional(),
});
export type BreakdownItem = z.infer<typeof breakdownItemSchema>;

/** What a job produced: the Material fields (SPEC §3) it sets. `image_tmp: null` clears the temporary image. */
export const mediaResultSchema = z.object({
  audio_url: z.string().min(1).max(2000).optional(),
  audio_spec: z.string().min(1).max(200).optional(),
  image_url: z.string().min(1).max(2000).optional(),
  image_tmp: z.string().min(1).max(2000).nullable().optional(),
  sentence: z.string().min(1).max(1000).optional(),
  furigana: z.string().min(1).max(3000).optional(),
  sentence_meaning: z.string().min(1).max(2000).optional(),
  sentence_breakdown: z.array(breakdownItemSchema).max(200).optional(),
  sentence_context: z.string().min(1).max(4000).optional(),
  image_description: z.string().min(1).max(4000).optional(),
  /** the system voice's clip of a kana, word or sentence (action `voice`): what it is and what it was made from */
  voice: z
    .object({
      key: z.string().regex(/^[0-9a-f]{32}$/),
      /** how it was made (VOICE_RECIPE, jobs/voice.job.ts); absent on the clips of recipe 1 */
      recipe: z.number().int().positive().max(1000).optional(),
      url: z.string().min(1).max(2000),
      spec: z.string().min(1).max(200),
      /** the text the engine was given (the card's kana where its own reading would have differed) */
      spoken: z.string().min(1).max(2000),
      bytes: z.number().int().nonnegative(),
      duration_ms: z.number().int().nonnegative().optional(),
    })
    .optional(),
  /** something the admin should know about the result (e.g. meanings left empty) */
  note: z.string().max(1000).optional(),
});
export type MediaResult = z.infer<typeof mediaResultSchema>;

export const MediaActionRequested = defineEvent(
  'MediaActionRequested',
  z.object({
    materialType,
    materialId,
    actions: z.array(action).min(1),
  }),
);

export const MediaActionSucceeded = defineEvent(
  'MediaActionSucceeded',
  z.object({
    materialType,
    materialId,
    action,
    requestEventId: z.uuid(),
    jobId: z.string().max(200).optional(),
    result: mediaResultSchema,
  }),
);

export const MediaActionFailed = defineEvent(
  'MediaActionFailed',
  z.object({
    materialType,
    materialId,
    action,
    requestEventId: z.uuid(),
    jobId: z.string().max(200).optional(),
    error: z.string().min(1).max(2000),
    /** true when no retry follows (the default port records only these) */
    final: z.boolean().default(true),
    attempt: z.number().int().positive().optional(),
  }),
);

export type MediaActionRequestedData = z.infer<typeof MediaActionRequested.schema>;
export type MediaActionSucceededData = z.infer<typeof MediaActionSucceeded.schema>;
export type MediaActionFailedData = z.infer<typeof MediaActionFailed.schema>;
export const MEDIA_EVENT_TYPES = [MediaActionRequested.type, MediaActionSucceeded.type, MediaActionFailed.type] as const;

/**
 * The event id of an action's outcome: a uuid derived from the request, the action and the outcome, so a job
 * that runs twice (retried after a crash) appends the same id and the event store keeps one.
 */
export function mediaOutcomeEventId(requestEventId: string, action: string, outcome: 'succeeded' | 'failed'): string {
  return uuidFromDigest(createHash('sha256').update(`${requestEventId}|${action}|${outcome}`).digest());
}
