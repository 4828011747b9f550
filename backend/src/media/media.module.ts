import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/database/database.module';
import { CardMaterialMediaPort } from './card-material-media.port';
import { EventMaterialMediaPort } from './event-material-media.port';
import { GetMediaFileHandler } from './files/get-media-file.handler';
import { MediaFilesHttp } from './files/media-files.http';
import { MATERIAL_MEDIA_PORT, MaterialMediaPort } from './material-media.port';
import { MediaJobs } from './media-jobs';
import { MEDIA_QUEUE, MediaQueue } from './media-queue';
import { MEDIA_QUEUE_MODULES } from './media-queue.module';
import { MediaSettings, mediaSettings } from './media-settings';
import { createMediaProviders, createMediaStorage, MEDIA_PROVIDERS, MEDIA_SETTINGS } from './providers/media-providers';
import { GetQueueBoardHandler } from './queue-board/get-queue-board.handler';
import { QueueBoard } from './queue-board/queue-board';
import { QueueBoardHttp } from './queue-board/queue-board.http';
import { MEDIA_STORAGE } from './storage/media-storage';
import { MediaUploads } from './upload/media-uploads';
import { MediaQueueMetrics } from './media-queue.metrics';
import { MediaProcessor } from './worker/media.processor';
import { VoiceScheduler } from './voice/voice-scheduler';
import { MediaWorkerService } from './worker/media-worker.service';

/**
 * Media: the `media` BullMQ queue (@nestjs/bullmq, one queue per deployment: media-queue.module.ts) for the admin's
 * media actions and the system voice, its processor (one file per action in ./jobs), their providers (TTS, chat
 * model, images, breakdown) and storage (local disk or S3), the /media file route, the queue dashboard (Bull Board
 * at /admin/queues) and the upload check. The worker reads and records materials only through
 * MATERIAL_MEDIA_PORT: by default EventMaterialMediaPort, which only records outcomes; the app's media module
 * (CARD_MEDIA_MODULE) applies results to the card (CardMaterialMediaPort, through content's card writer) and runs
 * the system voice (voice/). Tests install their own port with MediaModule.withMaterialPort(…).
 */
@Module({
  imports: [...MEDIA_QUEUE_MODULES],
  controllers: [MediaFilesHttp, QueueBoardHttp],
  providers: [
    { provide: MEDIA_SETTINGS, useFactory: (config: AppConfig) => mediaSettings(config), inject: [APP_CONFIG] },
    { provide: MEDIA_STORAGE, useFactory: (settings: MediaSettings) => createMediaStorage(settings), inject: [MEDIA_SETTINGS] },
    { provide: MEDIA_PROVIDERS, useFactory: (settings: MediaSettings) => createMediaProviders(settings), inject: [MEDIA_SETTINGS] },
    { provide: MATERIAL_MEDIA_PORT, useClass: EventMaterialMediaPort },
    MediaQueue,
    { provide: MEDIA_QUEUE, useExisting: MediaQueue },
    MediaJobs,
    MediaUploads,
    MediaProcessor,
    MediaWorkerService,
    QueueBoard,
    GetQueueBoardHandler,
    GetMediaFileHandler,
    MediaQueueMetrics,
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

/**
 * The app's media module: job results land on the card (CardMaterialMediaPort) and the system voice's scheduler
 * runs in the worker roles. One instance only: the app imports it once (through AdminModule, which exports it),
 * or there would be two media queues and workers.
 */
export const CARD_MEDIA_MODULE: DynamicModule = {
  module: MediaModule,
  providers: [{ provide: MATERIAL_MEDIA_PORT, useClass: CardMaterialMediaPort }, VoiceScheduler],
};
