import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { AdminMaterial } from '#contract/admin';
import { CARD_TYPES, CardType, executeMaterialCommand, lockCard, recordMediaEvent, writeCardEdit } from '../content';
import { withTransaction } from '../platform/database/database';
import { PG_POOL } from '../platform/database/database.module';
import { EventStore } from '../platform/event-store/event-store';
import { mediaEventId } from './event-ids';
import { EventMaterialMediaPort } from './event-material-media.port';
import type { MaterialMediaPort, MaterialMediaText, MediaJobContext } from './material-media.port';
import type { MediaJobAction } from './media-actions';
import { MediaActionSucceeded, mediaOutcomeEventId, MediaResult, mediaResultSchema } from './media.events';
import { recordVoiceOutcome } from './voice/record-voice';

/** What a result holds besides card fields: the system voice's clip (voice/record-voice.ts) and a note for the admin. */
const NOT_CARD_FIELDS: readonly string[] = ['voice', 'note'] satisfies ReadonlyArray<keyof MediaResult>;
type ResultField = Exclude<keyof MediaResult, 'voice' | 'note'>;

/**
 * The Material fields a job result may set: mediaResultSchema's, in its order, without the voice and the note.
 * Each is a field of the admin's material (contract/admin.ts), so a result field the admin cannot see fails the
 * type check.
 */
const RESULT_FIELDS = (Object.keys(mediaResultSchema.shape) as Array<keyof MediaResult>).filter(
  (field): field is ResultField => !NOT_CARD_FIELDS.includes(field),
) satisfies ReadonlyArray<keyof AdminMaterial>;

/**
 * The card fields a job's result sets. What they change on the card (a new audio or image is not approved yet:
 * an admin listens or looks first) is content's decideCardEdit, as for an upload.
 */
export function resultFields(result: MediaResult): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const field of RESULT_FIELDS) if (result[field] !== undefined) set[field] = result[field];
  return set;
}

const isCardType = (type: string): type is CardType => (CARD_TYPES as readonly string[]).includes(type);

/**
 * The admin's MATERIAL_MEDIA_PORT: a succeeded job records its MediaActionSucceeded and applies the result to
 * the material (a MaterialRevised per material it shows: the card's media, its sentence…) in one transaction,
 * so the catalogue and the learner's card show it at once. The admin who asked is the actor. Retried jobs
 * append the same outcome id: the store keeps one, and a duplicate applies nothing again. Loading and failures
 * are the default port's.
 */
@Injectable()
export class CardMaterialMediaPort implements MaterialMediaPort {
  private readonly events: EventMaterialMediaPort;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {
    this.events = new EventMaterialMediaPort(pool, store);
  }

  load(materialType: string, materialId: number): Promise<MaterialMediaText | null> {
    return this.events.load(materialType, materialId);
  }

  async recordSucceeded(requestEventId: string, action: MediaJobAction, result: MediaResult, jobId: string, context: MediaJobContext): Promise<void> {
    if (action === 'voice' && context.voice) {
      return recordVoiceOutcome(this.pool, this.store, { ...voiceOutcomeBase(requestEventId, jobId, context), voice: context.voice, succeeded: true, result });
    }
    const type = context.materialType;
    if (!isCardType(type)) return this.events.recordSucceeded(requestEventId, action, result, jobId, context);
    const outcomeId = mediaOutcomeEventId(requestEventId, action, 'succeeded');
    const metadata = { actorId: context.actorId, causationId: requestEventId, correlationId: requestEventId, jobId, via: 'media' };
    await withTransaction(this.pool, async (client) => {
      const card = await lockCard(client, type, context.materialId);
      const event = { ...MediaActionSucceeded({ materialType: type, materialId: context.materialId, action, requestEventId, jobId, result }), eventId: outcomeId };
      const recorded = await executeMaterialCommand({ db: client, store: this.store }, { type, id: context.materialId }, (stream) => recordMediaEvent(stream, event), {
        metadata,
      });
      // A material without history (a bare catalogue row) only gets its outcome, as with the default port.
      if (recorded.appended?.duplicate || !card?.state) return;
      const set = resultFields(result);
      if (!Object.keys(set).length) return;
      await writeCardEdit(client, this.store, card, { kind: 'media', set }, { metadata, eventIdFor: (s) => mediaEventId('media-result', `${outcomeId}\u0000${s}`) });
    });
  }

  async recordFailed(requestEventId: string, action: MediaJobAction, message: string, final: boolean, context: MediaJobContext & { jobId: string }): Promise<void> {
    if (action === 'voice' && context.voice) {
      if (!final) return; // retried: the queue dashboard shows the attempt
      return recordVoiceOutcome(this.pool, this.store, {
        ...voiceOutcomeBase(requestEventId, context.jobId, context),
        voice: context.voice,
        succeeded: false,
        error: message,
        attempt: context.attempt,
      });
    }
    return this.events.recordFailed(requestEventId, action, message, final, context);
  }
}

/** The system voice's outcomes name no admin: the actor is the voice scheduler that asked. */
function voiceOutcomeBase(requestEventId: string, jobId: string, context: MediaJobContext) {
  return {
    requestEventId,
    jobId,
    materialType: context.materialType,
    materialId: context.materialId,
    metadata: { actorId: null, actor: 'voice', causationId: requestEventId, correlationId: requestEventId, jobId, via: 'media' },
  };
}
