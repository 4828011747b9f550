import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { MEDIA_SETTINGS, MEDIA_STORAGE, MediaSettings, MediaStorage, validateImageUpload } from '../../../media';
import { PG_POOL } from '../../../platform/database/database.module';
import { EventStore } from '../../../platform/event-store/event-store';
import { EventMetadata } from '../../../platform/event-store/event-store.types';
import { CardType } from '../card-fields';
import { writeCardFields } from '../card-writer';
import { editLocked } from '../edit-material/edit-material.handler';
import { MaterialDetailView, MaterialReader } from '../material-reader';

export interface UploadImageCommand {
  type: CardType;
  id: number;
  /** the version the admin saw; undefined = no check */
  expectedVersion?: number;
  bytes: Buffer;
  fileName: string;
  metadata: EventMetadata;
  eventIdFor?: (streamId: string) => string;
}

export function readableSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * UploadImage (SPEC §2: multipart to the material's update endpoint): the file must be a PNG, JPEG, WebP or GIF
 * by its bytes and within MEDIA_MAX_UPLOAD_BYTES (400 / 413). It is stored under a name generated from its
 * content and becomes the card's image_url, not approved yet.
 */
@Injectable()
export class UploadImageHandler {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly reader: MaterialReader,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
  ) {}

  get maxBytes(): number {
    return this.settings.maxUploadBytes;
  }

  async upload(command: UploadImageCommand): Promise<MaterialDetailView> {
    const image = validateImageUpload(command.bytes, command.fileName, this.maxBytes);
    // Content-addressed: storing the same bytes again (a retry, a failed edit below) is harmless.
    const url = await this.storage.put(image.name, command.bytes, image.contentType);
    await editLocked(
      this.pool,
      command.type,
      command.id,
      command.expectedVersion,
      async (client, card) => {
        const set: Record<string, unknown> = { image_url: url };
        if (card.row.data.image_url !== url) set.is_image_approved = false;
        await writeCardFields(client, this.store, card, set, { metadata: { ...command.metadata, upload: { name: image.name, size: image.size } }, eventIdFor: command.eventIdFor });
      },
      command.eventIdFor,
    );
    return this.reader.detail(command.type, command.id);
  }
}
