import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { MetricsService } from '../platform/metrics/metrics.service';
import { MEDIA_QUEUE_NAME } from './media-queue';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/** The media queue's depth for /metrics (kioku_queue_jobs{queue, state}), read from Redis when Prometheus scrapes. */
@Injectable()
export class MediaQueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectQueue(MEDIA_QUEUE_NAME) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('kioku_queue_jobs', 'Jobs in a queue by state (Redis down: no sample).', ['queue', 'state'], async (set) => {
      const counts = await this.queue.getJobCounts(...STATES);
      for (const state of STATES) set({ queue: MEDIA_QUEUE_NAME, state }, counts[state] ?? 0);
    });
  }
}
