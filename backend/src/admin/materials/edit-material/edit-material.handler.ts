import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool, PoolClient } from 'pg';
import { cardStreams, checkCardEdit, CardType, lockCard, LockedCard, STALE_MESSAGE, versionToken, writeCardEdit } from '../../../content';
import { withTransaction } from '../../../platform/database/database';
import { PG_POOL } from '../../../platform/database/database.module';
import { AppError, ConcurrencyError } from '../../../platform/errors/app-error';
import { EventStore } from '../../../platform/event-store/event-store';
import { EventMetadata } from '../../../platform/event-store/event-store.types';
import { MaterialDetailView, MaterialReader } from '../material-reader';

export interface EditMaterialCommand {
  type: CardType;
  id: number;
  /** the version the edit is based on (GET answered it): 409 when the material changed since */
  expectedVersion: number;
  /** Material field values; null removes */
  set: Record<string, unknown>;
  metadata: EventMetadata;
  /** stable event ids (Idempotency-Key): a retried request records nothing twice */
  eventIdFor?: (streamId: string) => string;
}

/**
 * Runs an edit of one material under the card's locks: checks the version the admin saw, then `work` writes
 * the edit (content's writeCardEdit, decided by its decideCardEdit). A stale version changes nothing.
 */
export async function editLocked(
  pool: Pool,
  type: CardType,
  id: number,
  expectedVersion: number | undefined,
  work: (client: PoolClient, card: LockedCard) => Promise<void>,
  eventIdFor?: (streamId: string) => string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    const card = await lockCard(client, type, id);
    if (!card) throw new AppError('not_found', `There is no ${type} material ${id}.`);
    if (eventIdFor) {
      // The same request again (a retry after a lost answer): it was applied, answer the material as it is.
      const ids = cardStreams(card.row).map(eventIdFor);
      const { rowCount } = await client.query('select 1 from events where event_id = any($1::uuid[])', [ids]);
      if (rowCount) return;
    }
    if (expectedVersion !== undefined && expectedVersion !== (await versionToken(client, card.row))) throw new ConcurrencyError(STALE_MESSAGE);
    await work(client, card);
  }).catch((error: { code?: string }) => {
    // The catalogue's unique keys (a kana character) refuse a duplicate: say so instead of a 500.
    if (error?.code === '23505') throw new AppError('conflict', 'Another material already has this value. Nothing was changed.');
    throw error;
  });
}

/** PATCH /api/admin/materials/:id (or POST with `_method: "patch"`): edit a material's fields. */
export class EditMaterialFieldsCommand extends Command<MaterialDetailView> {
  constructor(readonly input: EditMaterialCommand) {
    super();
  }
}

/** EditMaterial: PATCH /api/admin/materials/:id. */
@CommandHandler(EditMaterialFieldsCommand)
export class EditMaterialHandler implements ICommandHandler<EditMaterialFieldsCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly reader: MaterialReader,
  ) {}

  execute(command: EditMaterialFieldsCommand): Promise<MaterialDetailView> {
    return this.edit(command.input);
  }

  async edit(command: EditMaterialCommand): Promise<MaterialDetailView> {
    const edit = { kind: 'edit' as const, set: command.set };
    // What the edit alone breaks is refused before anything is locked (a 400 before a 404 or a 409).
    checkCardEdit(command.type, edit);
    await editLocked(
      this.pool,
      command.type,
      command.id,
      command.expectedVersion,
      async (client, card) => {
        await writeCardEdit(client, this.store, card, edit, { metadata: command.metadata, eventIdFor: command.eventIdFor });
      },
      command.eventIdFor,
    );
    return this.reader.detail(command.type, command.id);
  }
}
