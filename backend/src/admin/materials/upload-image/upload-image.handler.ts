import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { MEDIA_SETTINGS, MediaSettings, MediaUploads } from '../../../media';
import { PG_POOL } from '../../../platform/database/database.module';
import { EventStore } from '../../../platform/event-store/event-store';
import { EventMetadata } from '../../../platform/event-store/event-store.types';
import { editLocked } from '../edit-material/edit-material.handler';
import { MaterialDetailView, MaterialReader } from '../material-reader';
import { CardType, writeCardEdit } from '../../../content';

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

/** UploadAudio: the same form with the recording in `audio`. */
export type UploadAudioCommand = UploadImageCommand;

/** What an uploaded recording is, in `audio_spec` (a generated clip names its provider there). */
export const UPLOADED_AUDIO_SPEC = 'uploaded recording';

export function readableSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** POST /api/admin/materials/:id (multipart, the file in `image`): upload the card's image. */
export class UploadMaterialImageCommand extends Command<MaterialDetailView> {
  constructor(readonly input: UploadImageCommand) {
    super();
  }
}

/** POST /api/admin/materials/:id (multipart, the file in `audio`): upload a recording of the card's audio. */
export class UploadMaterialAudioCommand extends Command<MaterialDetailView> {
  constructor(readonly input: UploadAudioCommand) {
    super();
  }
}

/**
 * UploadImage (SPEC §2: multipart to the material's update endpoint): the file must be a PNG, JPEG, WebP or GIF
 * that decodes, within MEDIA_MAX_UPLOAD_BYTES (400 / 413); it is stored re-encoded, without its metadata. It is stored under a name generated from its
 * content and becomes the card's image_url, not approved yet.
 * UploadAudio (issue 14, the same form with the file in `audio`): an Ogg (Opus or Vorbis), MP3, WAV, M4A or WebM
 * audio file by its bytes (400 naming `audio`, 413), stored the same way, becomes the card's audio_url with
 * audio_spec 'uploaded recording', not approved yet, like a fetched clip: learners keep the system voice
 * (study/flashcard.view.ts) until the admin approves it.
 */
@CommandHandler(UploadMaterialImageCommand)
export class UploadImageHandler implements ICommandHandler<UploadMaterialImageCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly reader: MaterialReader,
    private readonly uploads: MediaUploads,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
  ) {}

  get maxBytes(): number {
    return this.settings.maxUploadBytes;
  }

  execute(command: UploadMaterialImageCommand): Promise<MaterialDetailView> {
    return this.upload(command.input);
  }

  async upload(command: UploadImageCommand): Promise<MaterialDetailView> {
    // Decoded and re-encoded (media/upload/clean-image.ts): a file whose header says image but whose body does not
    // decode is refused, and what is stored carries no metadata (EXIF GPS, comments). Content-addressed: storing
    // the same image again (a retry, a failed edit below) is harmless.
    const image = await this.uploads.storeImageUpload(command.bytes, command.fileName);
    const url = image.image_url;
    await editLocked(
      this.pool,
      command.type,
      command.id,
      command.expectedVersion,
      async (client, card) => {
        // A new medium: a changed image is not approved yet (decideCardEdit).
        await writeCardEdit(client, this.store, card, { kind: 'media', set: { image_url: url } }, {
          metadata: { ...command.metadata, upload: { name: image.name, size: image.size } },
          eventIdFor: command.eventIdFor,
        });
      },
      command.eventIdFor,
    );
    return this.reader.detail(command.type, command.id);
  }
}

/** UploadAudio: the same form with the recording in `audio` (see UploadImageHandler). */
@CommandHandler(UploadMaterialAudioCommand)
export class UploadAudioHandler implements ICommandHandler<UploadMaterialAudioCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly reader: MaterialReader,
    private readonly uploads: MediaUploads,
  ) {}

  execute(command: UploadMaterialAudioCommand): Promise<MaterialDetailView> {
    return this.uploadAudio(command.input);
  }

  async uploadAudio(command: UploadAudioCommand): Promise<MaterialDetailView> {
    // Content-addressed like the image: a retry or a refused edit below leaves at most an unused file.
    const audio = await this.uploads.storeAudioUpload(command.bytes, command.fileName);
    await editLocked(
      this.pool,
      command.type,
      command.id,
      command.expectedVersion,
      async (client, card) => {
        await writeCardEdit(client, this.store, card, { kind: 'media', set: { audio_url: audio.audio_url, audio_spec: UPLOADED_AUDIO_SPEC } }, {
          metadata: { ...command.metadata, upload: { name: audio.name, size: audio.size } },
          eventIdFor: command.eventIdFor,
        });
      },
      command.eventIdFor,
    );
    return this.reader.detail(command.type, command.id);
  }
}
