import { notConfigured } from '../media-job-error';
import { contentKey } from '../storage/media-storage';
import { imagePromptOf } from './image-prompt';
import { MediaJob } from './media-job';

/** Generates a picture and stores it as the card's image (image_url) in one go. */
export const fetchAndUploadImageJob: MediaJob = {
  action: 'fetch_and_upload_image',
  async run({ material, providers, storage, signal }) {
    if (!providers.images) throw notConfigured('fetch_and_upload_image');
    const image = await providers.images.generate(imagePromptOf(material, 'fetch_and_upload_image'), signal);
    const url = await storage.put(contentKey(image.bytes, image.ext), image.bytes, image.contentType);
    return { image_url: url };
  },
};
