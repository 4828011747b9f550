import { Pool } from 'pg';
import { canonical, getMaterial, lockCatalogueForWrite, MaterialKind, MaterialRevised, materialStreamId, recordMaterialEvents, voiceInputOf } from '../../content';
import { MediaActionFailed, MediaActionSucceeded, mediaOutcomeEventId, MediaResult, VoiceJobInput } from '../../media';
import { withTransaction } from '../../platform/database/database';
import { EventStore } from '../../platform/event-store/event-store';
import { EventMetadata, NewEvent } from '../../platform/event-store/event-store.types';
import { adminEventId } from '../ids';

/**
 * The outcome of a voice job, recorded on the material that owns the text (a kana, a word, a sentence) in one
 * transaction: the media outcome event, and a MaterialRevised (source 'media') that gives the material its clip
 * (`voice`) or, after the last attempt failed, notes the failure (`voice_failed`) so the scheduler stops asking
 * and media:status can tell. The clip is approved by the system: the learner's card plays it (catalogue.rows,
 * flashcard.view). Both events have ids derived from the request, so a job that runs twice records once; a clip
 * made from a text the material no longer holds (edited meanwhile) is recorded as an outcome only.
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
  const type = outcome.materialType as MaterialKind;
  const id = outcome.materialId;
  const outcomeId = mediaOutcomeEventId(outcome.requestEventId, 'voice', outcome.succeeded ? 'succeeded' : 'failed');
  const mediaEvent: NewEvent = outcome.succeeded
    ? { ...MediaActionSucceeded({ materialType: type, materialId: id, action: 'voice', requestEventId: outcome.requestEventId, jobId: outcome.jobId, result: outcome.result }), eventId: outcomeId }
    : {
        ...MediaActionFailed({ materialType: type, materialId: id, action: 'voice', requestEventId: outcome.requestEventId, jobId: outcome.jobId, error: outcome.error.slice(0, 2000), final: true, attempt: outcome.attempt }),
        eventId: outcomeId,
      };
  await withTransaction(pool, async (client) => {
    await lockCatalogueForWrite(client);
    const streamId = materialStreamId(type, id);
    const stream = await client.query<{ version: string }>('select version from streams where stream_id = $1 for update', [streamId]);
    const current = await getMaterial(client, type, id);
    const events: NewEvent[] = [mediaEvent];
    const stillCurrent = current && voiceInputOf(type, current.data)?.key === outcome.voice.key;
    if (current && stillCurrent) {
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      const change = (field: string, after: unknown) => {
        const before = current.data[field] ?? null;
        if (canonical(before) !== canonical(after)) changes[field] = { before, after };
      };
      if (outcome.succeeded && outcome.result.voice) {
        change('voice', outcome.result.voice);
        change('voice_failed', null);
      } else if (!outcome.succeeded) {
        change('voice_failed', { key: outcome.voice.key, error: outcome.error.slice(0, 500) });
      }
      if (Object.keys(changes).length) {
        events.push({ ...MaterialRevised({ materialType: type, materialId: id, changes, source: 'media' }), eventId: adminEventId('voice-apply', outcomeId) });
      }
    }
    const expected = stream.rows.length ? Number(stream.rows[0].version) : 'any';
    await recordMaterialEvents(client, store, type, id, expected, events, outcome.metadata);
  });
}
