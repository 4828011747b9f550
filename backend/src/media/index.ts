// The media context's public surface: other contexts import from here, never from its folders.
export { MediaModule } from './media.module';
export { MediaJobs, MEDIA_JOB_ATTEMPTS, MEDIA_JOBS_OPTIONS, QUEUE_UNAVAILABLE } from './media-jobs';
export type { EnqueuedMediaJob, MediaJobsOptions, MediaJobsRequest, VoiceJobRequest } from './media-jobs';
export { deploymentQueuePrefix, MEDIA_QUEUE, MEDIA_QUEUE_CONNECTION, MEDIA_QUEUE_NAME, MediaQueue, mediaJobId } from './media-queue';
export type { MediaJobData, VoiceJobInput } from './media-queue';
export {
  MEDIA_ACTIONS,
  MEDIA_APPROVAL_ACTIONS,
  MEDIA_JOB_ACTIONS,
  assertMediaActions,
  isMediaAction,
  isMediaJobAction,
} from './media-actions';
export type { MediaAction, MediaApprovalAction, MediaJobAction } from './media-actions';
export {
  MEDIA_EVENT_TYPES,
  MediaActionFailed,
  MediaActionRequested,
  MediaActionSucceeded,
  breakdownItemSchema,
  materialStream,
  mediaOutcomeEventId,
  mediaResultSchema,
} from './media.events';
export type { BreakdownItem, MediaActionFailedData, MediaActionRequestedData, MediaActionSucceededData, MediaResult } from './media.events';
export { MATERIAL_MEDIA_PORT } from './material-media.port';
export type { MaterialMediaPort, MaterialMediaText, MediaJobContext } from './material-media.port';
export { EventMaterialMediaPort } from './event-material-media.port';
export { MediaJobError, notConfigured } from './media-job-error';
export { DEFAULT_MAX_UPLOAD_BYTES, NOT_AN_IMAGE, detectImage, validateImageUpload } from './upload/image-upload';
export type { CheckedImage, ImageKind } from './upload/image-upload';
export { NOT_AN_AUDIO_FILE, detectAudio, validateAudioUpload } from './upload/audio-upload';
export type { AudioKind, CheckedAudio } from './upload/audio-upload';
export { MediaUploads } from './upload/media-uploads';
export type { StoredAudioUpload, StoredUpload } from './upload/media-uploads';
export { MEDIA_STORAGE, contentKey, isMediaKey } from './storage/media-storage';
export type { MediaStorage } from './storage/media-storage';
export { LocalDiskStorage, LOCAL_MEDIA_PATH } from './storage/local-disk.storage';
export { S3Storage } from './storage/s3.storage';
export type { S3Settings } from './storage/s3.storage';
export { MEDIA_PROVIDERS, MEDIA_SETTINGS, createMediaProviders, createMediaStorage } from './providers/media-providers';
export type { MediaProviders } from './providers/media-providers';
export { mediaSettings } from './media-settings';
export type { MediaSettings } from './media-settings';
export { MediaJobRunner } from './worker/media-job-runner';
export { MediaProcessor } from './worker/media.processor';
export { createMediaWorker } from './worker/media-worker';
