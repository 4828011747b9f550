// Test helper (not used by the app): the media queue and MediaJobs outside Nest, built as MediaModule builds them.
import { Queue } from 'bullmq';
import { MediaDeployment } from '../media-deployment';
import { MediaJobs, MediaJobsOptions } from '../media-jobs';
import { MEDIA_QUEUE_NAME, MediaJobData, MediaQueue } from '../media-queue';
import { createMediaQueueConnection } from '../media-queue.module';

export interface StandaloneMediaQueue {
  queue: Queue<MediaJobData>;
  media: MediaQueue;
  jobs: MediaJobs;
  close(): Promise<void>;
}

export function openMediaQueue(redisUrl: string, prefix: string, options: MediaJobsOptions = {}, deploymentId: string | null = null): StandaloneMediaQueue {
  const connection = createMediaQueueConnection(redisUrl);
  const queue = new Queue<MediaJobData>(MEDIA_QUEUE_NAME, { connection, prefix, skipMetasUpdate: true });
  const media = new MediaQueue(queue, connection, MediaDeployment.fixed(prefix, deploymentId));
  return {
    queue,
    media,
    jobs: new MediaJobs(queue, media, options),
    close: async () => {
      await queue.close().catch(() => undefined);
      connection.disconnect();
    },
  };
}
