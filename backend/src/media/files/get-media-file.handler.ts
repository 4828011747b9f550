import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { stat } from 'node:fs/promises';
import { AppError } from '../../platform/errors/app-error';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { contentTypeOf, isMediaKey } from '../storage/media-storage';

/** A stored file of MEDIA_DIR, found by its key. */
export interface MediaFile {
  key: string;
  path: string;
  size: number;
  contentType: string;
  /** an upload not moved into storage yet (`tmp/…`) */
  temporary: boolean;
  /** the content hash the name is made of, quoted */
  etag: string;
}

/** GET /media/<name> and /media/tmp/<name>: which file to send. */
export class GetMediaFileQuery extends Query<MediaFile> {
  constructor(readonly key: string) {
    super();
  }
}

/**
 * Only keys matching the strict pattern are looked up (MEDIA_KEY and MEDIA_EXTENSIONS in storage/media-storage.ts:
 * the extensions and their content types, an admin's m4a/webm recordings included), so no path can leave
 * MEDIA_DIR. Anything else, and a key with no file, is a 404.
 */
@QueryHandler(GetMediaFileQuery)
export class GetMediaFileHandler implements IQueryHandler<GetMediaFileQuery> {
  private readonly files: LocalDiskStorage;

  constructor(@Inject(MEDIA_SETTINGS) settings: MediaSettings) {
    this.files = new LocalDiskStorage(settings.mediaDir);
  }

  async execute({ key }: GetMediaFileQuery): Promise<MediaFile> {
    const notFound = () => new AppError('not_found', 'There is no media file with this name.');
    if (!isMediaKey(key)) throw notFound();
    const path = this.files.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return {
      key,
      path,
      size: info.size,
      contentType: contentTypeOf(key),
      temporary: key.startsWith('tmp/'),
      etag: `"${key.replace(/^tmp\//, '').split('.')[0]}"`,
    };
  }
}
