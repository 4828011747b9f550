import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { AppConfig } from '../platform/config/config';
import { Pool } from 'pg';
import { APP_CONFIG, PG_POOL } from '../platform/database/database.module';
import { readDeploymentId } from '../platform/database/deployment-identity';
import { QueueDashboardHttp } from './dashboard/queue-dashboard.http';
import { EventMaterialMediaPort } from './event-material-media.port';
import { MediaFilesHttp } from './files/media-files.http';
import { MATERIAL_MEDIA_PORT, MaterialMediaPort } from './material-media.port';
import { MediaJobs } from './media-jobs';
import { deploymentQueuePrefix, MEDIA_QUEUE, MediaQueue } from './media-queue';
import { MediaSettings, mediaSettings } from './media-settings';
import { createMediaProviders, createMediaStorage, MEDIA_PROVIDERS, MEDIA_SETTINGS } from './providers/media-providers';
import { MEDIA_STORAGE } from './storage/media-storage';
import { MediaUploads } from './upload/media-uploads';
import { MediaWorkerService } from './worker/media-worker.service';

/**
 * Media: BullMQ jobs for the admin's media actions (one file per action in ./jobs), their providers (TTS,
 * chat model, images, breakdown) and storage (local disk or S3), the /media file route, the queue dashboard
 * and the upload check. The worker reads and records materials only through MATERIAL_MEDIA_PORT: by default
 * EventMaterialMediaPort; the admin context supplies its own with MediaModule.withMaterialPort(…).
 */
@Module({
  controllers: [MediaFilesHttp, QueueDashboardHttp],
  providers: [
    { provide: MEDIA_SETTINGS, useFactory: (config: AppConfig) => mediaSettings(config), inject: [APP_CONFIG] },
    { provide: MEDIA_STORAGE, useFactory: (settings: MediaSettings) => createMediaStorage(settings), inject: [MEDIA_SETTINGS] },
    { provide: MEDIA_PROVIDERS, useFactory: (settings: MediaSettings) => createMediaProviders(settings), inject: [MEDIA_SETTINGS] },
    {
      // The queue belongs to this deployment: its prefix comes from the database's id unless MEDIA_QUEUE_PREFIX
      // names one, and every job carries the id (a worker of another deployment refuses it).
      provide: MEDIA_QUEUE,
      useFactory: (config: AppConfig, settings: MediaSettings, pool: Pool) =>
        new MediaQueue(config.REDIS_URL, async () => {
          const deploymentId = await readDeploymentId(pool);
          return { prefix: settings.queuePrefix ?? deploymentQueuePrefix(deploymentId), deploymentId };
        }),
      inject: [APP_CONFIG, MEDIA_SETTINGS, PG_POOL],
    },
    { provide: MATERIAL_MEDIA_PORT, useClass: EventMaterialMediaPort },
    MediaJobs,
    MediaUploads,
    MediaWorkerService,
  ],
  exports: [MediaJobs, MediaUploads, MEDIA_STORAGE, MEDIA_SETTINGS],
})
export class MediaModule {
  /**
   * The media module with another material port (the admin context's, which can also apply results to the
   * material). `imports` are the modules that port's dependencies come from.
   */
  static withMaterialPort(port: Type<MaterialMediaPort>, imports: ModuleMetadata['imports'] = []): DynamicModule {
    return { module: MediaModule, imports, providers: [{ provide: MATERIAL_MEDIA_PORT, useClass: port }] };
  }
}
