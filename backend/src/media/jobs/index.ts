import type { MediaJobAction } from '../media-actions';
import { fetchAndUploadImageJob } from './fetch-and-upload-image.job';
import { fetchAudioJob } from './fetch-audio.job';
import { fetchBreakdownJob } from './fetch-breakdown.job';
import { fetchImageDescriptionJob } from './fetch-image-description.job';
import { fetchImageJob } from './fetch-image.job';
import { fetchSentenceContextJob } from './fetch-sentence-context.job';
import { fetchSentenceJob } from './fetch-sentence.job';
import { MediaJob } from './media-job';
import { uploadImageJob } from './upload-image.job';
import { voiceJob } from './voice.job';

export const MEDIA_JOBS: Record<MediaJobAction, MediaJob> = {
  fetch_audio: fetchAudioJob,
  fetch_breakdown: fetchBreakdownJob,
  fetch_sentence: fetchSentenceJob,
  fetch_sentence_context: fetchSentenceContextJob,
  fetch_image_description: fetchImageDescriptionJob,
  fetch_image: fetchImageJob,
  fetch_and_upload_image: fetchAndUploadImageJob,
  upload_image: uploadImageJob,
  voice: voiceJob,
};
