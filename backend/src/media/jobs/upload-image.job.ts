import { MediaJobError, missingInput } from '../media-job-error';
import { contentKey } from '../storage/media-storage';
import { AppError } from '../../platform/errors/app-error';
import { cleanImageUpload } from '../upload/clean-image';
import { MediaJob, text } from './media-job';

/**
 * Moves the temporary image (an admin's upload or a fetch_image result, in image_tmp) into storage as the
 * card's image, and clears image_tmp.
 */
export const uploadImageJob: MediaJob = {
  action: 'upload_image',
  async run({ material, storage }) {
    const tmp = text(material.image_tmp);
    if (!tmp) throw missingInput('There is no uploaded image to move into storage: upload an image (or run fetch_image) first.');
    const key = storage.keyOf(tmp);
    if (!key) throw missingInput(`The temporary image ${tmp.slice(0, 200)} is not one this server stored. Upload the image again.`);
    const bytes = await storage.get(key);
    if (!bytes) {
      throw missingInput('The uploaded image is no longer in temporary storage (it may have been moved already or cleaned up). Upload it again.');
    }
    // Decoded and re-encoded like a direct upload (issue 28): what becomes the card's image decodes and carries no
    // metadata, whether an admin uploaded it or an image provider made it.
    const clean = await cleanImageUpload(bytes, key, { maxBytes: Number.MAX_SAFE_INTEGER }).catch((error: unknown) => {
      if (error instanceof AppError) throw new MediaJobError(`${error.message} Upload another file.`, false);
      throw error;
    });
    const url = await storage.put(contentKey(clean.bytes, clean.ext), clean.bytes, clean.contentType);
    if (key.startsWith('tmp/')) await storage.delete(key).catch(() => undefined);
    return { image_url: url, image_tmp: null };
  },
};
