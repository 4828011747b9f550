import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { approvalsOf, CardType, executeMaterialCommand, lockCard, materialStreamId, recordMediaEvent, writeCardEdit } from '../../../content';
import { assertMediaActions, isMediaJobAction, MediaActionRequested, MediaJobAction, MediaJobs } from '../../../media';
import { withTransaction } from '../../../platform/database/database';
import { PG_POOL } from '../../../platform/database/database.module';
import { AppError } from '../../../platform/errors/app-error';
import { EventStore } from '../../../platform/event-store/event-store';
import { EventMetadata } from '../../../platform/event-store/event-store.types';

export interface RequestActionsCommand {
  type: CardType;
  id: number;
  actions: string[];
  metadata: EventMetadata;
  /** stable event ids (Idempotency-Key): a retried request records and enqueues once */
  eventIdFor?: (streamId: string) => string;
}

export interface RequestActionsResult {
  /** the MediaActionRequested event id: every job id and outcome event derives from it (absent for approvals only) */
  request_id?: string;
  requested: string[];
}

/** POST /api/admin/materials/:id/actions: approvals and media jobs for a material. */
export class RequestMediaActionsCommand extends Command<RequestActionsResult> {
  constructor(readonly input: RequestActionsCommand) {
    super();
  }
}

/**
 * RequestMediaActions: POST /api/admin/materials/:id/actions. Approvals become a MaterialRevised of the card
 * (is_audio_approved / is_image_approved). Job actions become one MediaActionRequested (the admin as actor) and
 * one BullMQ job each, with ids derived from that event's id.
 *
 * Nothing half-done: when jobs are asked for, the queue is checked first (503 at once while Redis is down), then
 * in one transaction the request (and approvals) are recorded and the jobs enqueued before the commit. If the
 * enqueue fails the transaction rolls back: no request is recorded without its jobs. If the commit failed after
 * a successful enqueue, the retry (same Idempotency-Key → same event id → same job ids) enqueues nothing twice.
 */
@CommandHandler(RequestMediaActionsCommand)
export class RequestActionsHandler implements ICommandHandler<RequestMediaActionsCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly jobs: MediaJobs,
  ) {}

  execute(command: RequestMediaActionsCommand): Promise<RequestActionsResult> {
    return this.request(command.input);
  }

  async request(command: RequestActionsCommand): Promise<RequestActionsResult> {
    const actions = [...new Set(command.actions)];
    if (!actions.length) {
      throw new AppError('validation_failed', 'Name at least one action.', { fields: [{ field: 'actions', message: 'No action was asked for.' }] });
    }
    assertMediaActions(actions);
    const jobActions = actions.filter(isMediaJobAction) as MediaJobAction[];
    // Approvals are decisions recorded at once (content's approvalsOf: the flag each one sets, no contradiction).
    const approvals = approvalsOf(actions);
    if (jobActions.length) await this.jobs.assertAvailable();

    return withTransaction(this.pool, async (client) => {
      const card = await lockCard(client, command.type, command.id);
      if (!card) throw new AppError('not_found', `There is no ${command.type} material ${command.id}.`);
      if (Object.keys(approvals).length) {
        // An unapproval is a decision even on a card whose audio was never approved (the system voice's veto).
        await writeCardEdit(client, this.store, card, { kind: 'approve', approvals }, {
          metadata: command.metadata,
          eventIdFor: command.eventIdFor ? (s) => command.eventIdFor!(`approve|${s}`) : undefined,
        });
      }
      if (!jobActions.length) return { requested: actions };

      const requestId = command.eventIdFor?.(`request|${materialStreamId(command.type, command.id)}`) ?? randomUUID();
      const event = { ...MediaActionRequested({ materialType: command.type, materialId: command.id, actions: jobActions }), eventId: requestId };
      await executeMaterialCommand({ db: client, store: this.store }, { type: command.type, id: command.id }, (stream) => recordMediaEvent(stream, event), {
        metadata: command.metadata,
      });
      await this.jobs.enqueue({
        requestEventId: requestId,
        materialType: command.type,
        materialId: command.id,
        actions: jobActions,
        actorId: command.metadata.actorId ?? null,
      });
      return { request_id: requestId, requested: actions };
    });
  }
}
