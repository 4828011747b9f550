import type { MediaJobAction } from '../media-actions';
import { fetchAndUploadImageJob } from './fetch_and_upload_image.job';
import { fetchAudioJob } from './fetch_audio.job';
import { fetchBreakdownJob } from './fetch_breakdown.job';
import { fetchImageDescriptionJob } from './fetch_image_description.job';
import { fetchImageJob } from './fetch_image.job';
import { fetchSentenceContextJob } from './fetch_sentence_context.job';
import { fetchSentenceJob } from './fetch_sentence.job';
import { MediaJob } from './media-job';
import { uploadImageJob } from './upload_image.job';
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
