import { Inject, Injectable } from '@nestjs/common';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { MEDIA_STORAGE, MediaStorage } from '../storage/media-storage';
import { CheckedAudio, validateAudioUpload } from './audio-upload';
import { CheckedImage, validateImageUpload } from './image-upload';

export interface StoredUpload extends CheckedImage {
  /** storage key, `tmp/<sha256>.<ext>` */
  key: string;
  /** the URL to put in the material's image_tmp; upload_image moves it into storage as image_url */
  image_tmp: string;
}

export interface StoredAudioUpload extends CheckedAudio {
  /** storage key, `<sha256>.<ext>` */
  key: string;
  /** the URL the recording is served from: the card's audio_url */
  audio_url: string;
}

/**
 * For the admin API's multipart uploads: validates the file and stores it under a name made from its content
 * (an image as a temporary image, a recording at once).
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

  /** 413 when larger than MEDIA_MAX_UPLOAD_BYTES, 400 when not a PNG/JPEG/WebP/GIF; else stored under a generated name. */
  async validateImageUpload(bytes: Buffer, declaredName: string): Promise<StoredUpload> {
    const checked = validateImageUpload(bytes, declaredName, this.settings.maxUploadBytes);
    const key = `tmp/${checked.name}`;
    const image_tmp = await this.storage.put(key, bytes, checked.contentType);
    return { ...checked, key, image_tmp };
  }

  /**
   * 413 when larger than MEDIA_MAX_UPLOAD_BYTES, 400 (field `audio`) when not an Ogg, MP3, WAV, M4A or WebM audio
   * file; else stored as `<sha256>.<ext>` with its content type. Storing the same bytes again is harmless.
   */
  async storeAudioUpload(bytes: Buffer, declaredName: string): Promise<StoredAudioUpload> {
    const checked = validateAudioUpload(bytes, declaredName, this.settings.maxUploadBytes);
    const audio_url = await this.storage.put(checked.name, bytes, checked.contentType);
    return { ...checked, key: checked.name, audio_url };
  }
}
