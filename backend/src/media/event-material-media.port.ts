import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { executeMaterialCommand, materialRef, recordMediaEvent } from '../content';
import { PG_POOL } from '../platform/database/database.module';
import { EventStore } from '../platform/event-store/event-store';
import { EventMetadata, NewEvent } from '../platform/event-store/event-store.types';
import type { MediaJobAction } from './media-actions';
import { MediaActionFailed, MediaActionSucceeded, MediaResult, mediaOutcomeEventId } from './media.events';
import type { MaterialMediaPort, MaterialMediaText, MediaJobContext } from './material-media.port';

/**
 * The default port: reads the card from the catalogue (`materials.data`) and records the outcome in the
 * material's stream through content's command path, with a deterministic event id, so a retried job records
 * exactly one outcome. It does not change the material itself: applying a result (and resetting approvals) is
 * the admin context's decision.
 */
@Injectable()
export class EventMaterialMediaPort implements MaterialMediaPort {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
  ) {}

  async load(materialType: string, materialId: number): Promise<MaterialMediaText | null> {
    const { rows } = await this.pool.query<{ data: Record<string, unknown>; course: string; level: number }>(
      'select data, course, level from materials where material_type = $1 and material_id = $2',
      [materialType, materialId],
    );
    if (!rows.length) return null;
    return { ...rows[0].data, course: rows[0].course, level: rows[0].level } as MaterialMediaText;
  }

  async recordSucceeded(requestEventId: string, action: MediaJobAction, result: MediaResult, jobId: string, context: MediaJobContext): Promise<void> {
    const event = MediaActionSucceeded({ materialType: context.materialType, materialId: context.materialId, action, requestEventId, jobId, result });
    await this.record(context, { ...event, eventId: mediaOutcomeEventId(requestEventId, action, 'succeeded') }, { actorId: context.actorId, causationId: requestEventId, correlationId: requestEventId, jobId });
  }

  async recordFailed(requestEventId: string, action: MediaJobAction, message: string, final: boolean, context: MediaJobContext & { jobId: string }): Promise<void> {
    // Attempts that will be retried are visible on the queue dashboard; the history gets the final word only.
    if (!final) return;
    const event = MediaActionFailed({
      materialType: context.materialType,
      materialId: context.materialId,
      action,
      requestEventId,
      jobId: context.jobId,
      error: message.slice(0, 2000),
      final: true,
      attempt: context.attempt,
    });
    await this.record(context, { ...event, eventId: mediaOutcomeEventId(requestEventId, action, 'failed') }, {
      actorId: context.actorId,
      causationId: requestEventId,
      correlationId: requestEventId,
      jobId: context.jobId,
    });
  }

  /** An outcome joins the material's history through content's command path: a retry's id is stored once. */
  private async record(context: MediaJobContext, event: NewEvent & { data: { materialType: string; materialId: number } }, metadata: EventMetadata): Promise<void> {
    await executeMaterialCommand({ pool: this.pool, store: this.store }, materialRef(context.materialType, context.materialId), (stream) => recordMediaEvent(stream, event), {
      metadata,
    });
  }
}
