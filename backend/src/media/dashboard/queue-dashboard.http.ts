import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../accounts';
import { AppError } from '../../platform/errors/app-error';
import { MediaJobs, QueueOverview } from '../media-jobs';
import { renderQueuePage } from './queue-page';

/**
 * The media queue at a glance for admins: GET /admin/queues (HTML, refreshes itself) and GET /api/admin/queues
 * (JSON). The global guard protects /api/admin/* only, so the HTML page checks the admin role itself.
 */
@Controller()
export class QueueDashboardHttp {
  constructor(private readonly jobs: MediaJobs) {}

  @Public()
  @Get('admin/queues')
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .header('x-content-type-options', 'nosniff');
    if (!request.user) {
      await reply.status(303).header('location', `/sign-in?next=${encodeURIComponent('/admin/queues')}`).send();
      return;
    }
    if (!request.user.isAdmin) {
      await reply.status(403).type('text/html; charset=utf-8').send(renderQueuePage({ forbidden: true }));
      return;
    }
    let overview: QueueOverview | undefined;
    let problem: string | undefined;
    try {
      overview = await this.jobs.overview();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
    await reply
      .status(overview ? 200 : 503)
      .type('text/html; charset=utf-8')
      .send(renderQueuePage({ overview, problem, now: new Date() }));
  }

  @Get('api/admin/queues')
  async json(@Req() request: FastifyRequest): Promise<QueueOverview> {
    if (!request.user?.isAdmin) throw new AppError('forbidden', 'This page is for administrators only.');
    return this.jobs.overview();
  }
}
