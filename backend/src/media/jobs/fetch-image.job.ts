import { notConfigured } from '../media-job-error';
import { contentKey } from '../storage/media-storage';
import { imagePromptOf } from './image-prompt';
import { MediaJob } from './media-job';

/** Generates a picture and keeps it as the temporary image (image_tmp) for the admin to review and upload. */
export const fetchImageJob: MediaJob = {
  action: 'fetch_image',
  async run({ material, providers, storage, signal }) {
    if (!providers.images) throw notConfigured('fetch_image');
    const image = await providers.images.generate(imagePromptOf(material, 'fetch_image'), signal);
    const url = await storage.put(contentKey(image.bytes, image.ext, true), image.bytes, image.contentType);
    return { image_tmp: url };
  },
};
