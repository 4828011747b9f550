import { Inject, Injectable } from '@nestjs/common';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { MEDIA_STORAGE, MediaStorage } from '../storage/media-storage';
import { CheckedImage, validateImageUpload } from './image-upload';

export interface StoredUpload extends CheckedImage {
  /** storage key, `tmp/<sha256>.<ext>` */
  key: string;
  /** the URL to put in the material's image_tmp; upload_image moves it into storage as image_url */
  image_tmp: string;
}

/** For the admin API's multipart image upload: validates the file and keeps it as a temporary image. */
@Injectable()
export class MediaUploads {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
  ) {}

  get maxBytes(): number {
    return this.settings.maxUploadBytes;
  }

  /** 413 when larger than MEDIA_MAX_UPLOAD_BYTES, 400 when not a PNG/JPEG/WebP/GIF; else stored under a generated name. */
  async validateImageUpload(bytes: Buffer, declaredName: string): Promise<StoredUpload> {
    const checked = validateImageUpload(bytes, declaredName, this.settings.maxUploadBytes);
    const key = `tmp/${checked.name}`;
    const image_tmp = await this.storage.put(key, bytes, checked.contentType);
    return { ...checked, key, image_tmp };
  }
}
