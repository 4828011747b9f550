import { Inject, Injectable } from '@nestjs/common';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { MEDIA_STORAGE, MediaStorage } from '../storage/media-storage';
import { CleanAudio, cleanAudioUpload } from './clean-audio';
import { CleanImage, cleanImageUpload } from './clean-image';
import { validateImageUpload } from './image-upload';

export type CheckedUpload<T> = Omit<T, 'bytes'>;

export interface StoredUpload extends CheckedUpload<CleanImage> {
  /** storage key, `tmp/<sha256>.<ext>` */
  key: string;
  /** the URL to put in the material's image_tmp; upload_image moves it into storage as image_url */
  image_tmp: string;
}

export interface StoredImageUpload extends CheckedUpload<CleanImage> {
  /** storage key, `<sha256>.<ext>` */
  key: string;
  /** the URL the image is served from: the card's image_url */
  image_url: string;
}

export interface StoredAudioUpload extends CheckedUpload<CleanAudio> {
  /** storage key, `<sha256>.<ext>` */
  key: string;
  /** the URL the recording is served from: the card's audio_url */
  audio_url: string;
}

/**
 * For the admin API's multipart uploads: checks the file by decoding it (upload/clean-image.ts,
 * upload/clean-audio.ts) and stores the clean copy, without its metadata, under a name made from its content
 * (a recording or an image at once; an image for upload_image as a temporary image).
 */
@Injectable()
export class MediaUploads {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
  ) {}

  get maxBytes(): number {
    return this.settings.maxUploadBytes;
  }

  /**
   * 413 when larger than MEDIA_MAX_UPLOAD_BYTES or than 40 megapixels, 400 (field `image`) when not a PNG, JPEG,
   * WebP or GIF that decodes; else stored as `tmp/<sha256>.<ext>` for upload_image to move. The file is decoded
   * whole but stored as it came (no route stores a temporary upload today; upload_image's tests rely on the bytes
   * staying the same): storeImageUpload is the one that keeps only the clean copy.
   */
  async validateImageUpload(bytes: Buffer, declaredName: string): Promise<StoredUpload> {
    const { bytes: _clean, ...decoded } = await cleanImageUpload(bytes, declaredName, { maxBytes: this.settings.maxUploadBytes });
    const checked = { ...validateImageUpload(bytes, declaredName, this.settings.maxUploadBytes), width: decoded.width, height: decoded.height };
    const key = `tmp/${checked.name}`;
    const image_tmp = await this.storage.put(key, bytes, checked.contentType);
    return { ...checked, key, image_tmp };
  }

  /** The same checks; the clean image is stored as `<sha256>.<ext>`, the card's image_url. Storing it again is harmless. */
  async storeImageUpload(bytes: Buffer, declaredName: string): Promise<StoredImageUpload> {
    const { bytes: clean, ...checked } = await cleanImageUpload(bytes, declaredName, { maxBytes: this.settings.maxUploadBytes });
    const image_url = await this.storage.put(checked.name, clean, checked.contentType);
    return { ...checked, key: checked.name, image_url };
  }

  /**
   * 413 when larger than MEDIA_MAX_UPLOAD_BYTES or longer than 5 minutes, 400 (field `audio`) when not an Ogg,
   * MP3, WAV, M4A or WebM audio file whose content checks out; else stored without its tags as
   * `<sha256>.<ext>` with its content type. Storing the same bytes again is harmless.
   */
  async storeAudioUpload(bytes: Buffer, declaredName: string): Promise<StoredAudioUpload> {
    const { bytes: clean, ...checked } = await cleanAudioUpload(bytes, declaredName, { maxBytes: this.settings.maxUploadBytes });
    const audio_url = await this.storage.put(checked.name, clean, checked.contentType);
    return { ...checked, key: checked.name, audio_url };
  }
}
