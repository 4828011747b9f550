import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { QUEUE_BOARD_PATH } from '../../platform/http/security-headers';
import { MEDIA_QUEUE_NAME } from '../media-queue';

export interface QueueBoardRequest {
  /** path and query, under QUEUE_BOARD_PATH */
  url: string;
  headers: Record<string, string>;
}

export interface QueueBoardAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Request headers Bull Board's page, API and files may use (conditional GETs); the session cookie is not one. */
const FORWARDED = ['accept', 'accept-language', 'if-none-match', 'if-modified-since'];
/** Response headers that describe the answer; the app adds its own security headers. */
const KEPT = ['content-type', 'cache-control', 'etag', 'last-modified', 'location'];

/**
 * Bull Board (@bull-board/api with @bull-board/fastify's FastifyAdapter) over this deployment's media queue, on a
 * fastify instance of its own that no socket reaches: the app's route (QueueBoardHttp, behind the global guard
 * and the admin check) answers through it, so every request to the board passes the app's guard, input checks,
 * security headers and error handling. Read-only: a job's request and outcome are events, and retrying,
 * removing or adding jobs behind the event log's back would make the log and the queue disagree (an admin runs
 * an action again from the material's page).
 */
@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  private server?: Promise<FastifyInstance>;

  constructor(@InjectQueue(MEDIA_QUEUE_NAME) private readonly queue: Queue) {}

  async answer(request: QueueBoardRequest): Promise<QueueBoardAnswer> {
    // A failed build is not kept: the next request tries again.
    const server = await (this.server ??= this.build().catch((error: unknown) => {
      this.server = undefined;
      throw error;
    }));
    const headers = Object.fromEntries(FORWARDED.filter((h) => request.headers[h] !== undefined).map((h) => [h, request.headers[h]]));
    const res = await server.inject({ method: 'GET', url: request.url, headers });
    const kept = Object.fromEntries(KEPT.filter((h) => res.headers[h] !== undefined).map((h) => [h, String(res.headers[h])]));
    return { status: res.statusCode, headers: { 'cache-control': 'no-store', ...kept }, body: res.rawPayload };
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.then((s) => s.close(), () => undefined);
  }

  /** Built on first use: API processes where nobody opens the board, the worker and the CLI never load its UI. */
  private async build(): Promise<FastifyInstance> {
    const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }, { fastify }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullMQAdapter'),
      import('@bull-board/fastify'),
      import('fastify'),
    ]);
    const adapter = new FastifyAdapter();
    adapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: [new BullMQAdapter(this.queue, { readOnlyMode: true, description: 'Admin media actions and the system voice' })],
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Kioku queues', miscLinks: [{ text: 'Admin', url: '/admin' }] } },
    });
    const server = fastify({ logger: false });
    await server.register(adapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
    await server.ready();
    return server;
  }
}
