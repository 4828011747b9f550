import { Pool } from 'pg';
import { executeMaterialCommand, materialRef, recordVoiceOutcome as decideVoiceOutcome } from '../../content';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event-store.types';
import { mediaEventId } from '../event-ids';
import { MediaActionFailed, MediaActionSucceeded, mediaOutcomeEventId, MediaResult } from '../media.events';
import type { VoiceJobInput } from '../media-queue';

/**
 * The outcome of a voice job, recorded on the material that owns the text (a kana, a word, a sentence) in one
 * command: the media outcome event, and the MaterialRevised (source 'media') that gives the material its clip
 * or notes the final failure (content's recordVoiceOutcome decides which). The clip is approved by the system:
 * the learner's card plays it (catalogue.rows, flashcard.view). Both events have ids derived from the request,
 * so a job that runs twice records once.
 */
export async function recordVoiceOutcome(
  pool: Pool,
  store: EventStore,
  outcome: {
    requestEventId: string;
    jobId: string;
    materialType: string;
    materialId: number;
    voice: VoiceJobInput;
    metadata: EventMetadata;
  } & ({ succeeded: true; result: MediaResult } | { succeeded: false; error: string; attempt: number }),
): Promise<void> {
  const ref = materialRef(outcome.materialType, outcome.materialId);
  const base = { materialType: ref.type, materialId: ref.id, action: 'voice' as const, requestEventId: outcome.requestEventId, jobId: outcome.jobId };
  const outcomeId = mediaOutcomeEventId(outcome.requestEventId, 'voice', outcome.succeeded ? 'succeeded' : 'failed');
  const event = outcome.succeeded
    ? { ...MediaActionSucceeded({ ...base, result: outcome.result }), eventId: outcomeId }
    : { ...MediaActionFailed({ ...base, error: outcome.error.slice(0, 2000), final: true, attempt: outcome.attempt }), eventId: outcomeId };
  const voice = outcome.succeeded ? { key: outcome.voice.key, clip: outcome.result.voice } : { key: outcome.voice.key, error: outcome.error };
  await executeMaterialCommand({ pool, store }, ref, (stream) => decideVoiceOutcome(stream, event, voice, mediaEventId('voice-apply', outcomeId)), {
    metadata: outcome.metadata,
  });
}
