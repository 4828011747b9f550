import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { Public } from '../../accounts';
import { GetMediaFileQuery } from './get-media-file.handler';

/** `bytes=a-b` → [start, end] inclusive, or null when absent/unsatisfiable/multi-range. */
function parseRange(header: string | undefined, size: number): [number, number] | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : [start, end];
}

/**
 * GET /media/<sha256>.<ext> and /media/tmp/<sha256>.<ext>: the locally stored media (MEDIA_DIR), found by
 * GetMediaFileQuery. Names are content hashes, so stored files are cached for a year. Byte ranges are served
 * (Safari's <audio> needs them).
 */
@Controller('media')
export class MediaFilesHttp {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get(':name')
  file(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.send(name, request, reply);
  }

  @Public()
  @Get('tmp/:name')
  temporary(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.send(`tmp/${name}`, request, reply);
  }

  private async send(key: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const file = await this.queries.execute(new GetMediaFileQuery(key));
    reply
      .header('content-type', file.contentType)
      .header('cache-control', file.temporary ? 'private, max-age=86400' : 'public, max-age=31536000, immutable')
      .header('etag', file.etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === file.etag) {
      await reply.status(304).send();
      return;
    }
    const range = parseRange(request.headers.range, file.size);
    if (range === 'invalid') {
      await reply.status(416).header('content-range', `bytes */${file.size}`).send();
      return;
    }
    if (range) {
      const [start, end] = range;
      await reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${file.size}`)
        .header('content-length', String(end - start + 1))
        .send(createReadStream(file.path, { start, end }));
      return;
    }
    await reply.status(200).header('content-length', String(file.size)).send(createReadStream(file.path));
  }
}
