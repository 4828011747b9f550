import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Public } from '../../accounts';
import { AppError } from '../../platform/errors/app-error';
import { MediaSettings } from '../media-settings';
import { MEDIA_SETTINGS } from '../providers/media-providers';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { contentTypeOf, isMediaKey } from '../storage/media-storage';

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
 * GET /media/<sha256>.<ext> and /media/tmp/<sha256>.<ext>: the locally stored media (MEDIA_DIR). Names are
 * content hashes, so stored files are cached for a year; only names matching the strict pattern are
 * looked up, so no path can leave MEDIA_DIR (MEDIA_KEY and MEDIA_EXTENSIONS in storage/media-storage.ts: the
 * extensions and their content types, an admin's m4a/webm recordings included). Byte ranges are served (Safari's <audio> needs them).
 */
@Controller('media')
export class MediaFilesHttp {
  private readonly files: LocalDiskStorage;

  constructor(@Inject(MEDIA_SETTINGS) settings: MediaSettings) {
    this.files = new LocalDiskStorage(settings.mediaDir);
  }

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
    const notFound = () => new AppError('not_found', 'There is no media file with this name.');
    if (!isMediaKey(key)) throw notFound();
    const path = this.files.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound();
    const etag = `"${key.replace(/^tmp\//, '').split('.')[0]}"`;
    reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', key.startsWith('tmp/') ? 'private, max-age=86400' : 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) {
      await reply.status(304).send();
      return;
    }
    const range = parseRange(request.headers.range, info.size);
    if (range === 'invalid') {
      await reply.status(416).header('content-range', `bytes */${info.size}`).send();
      return;
    }
    if (range) {
      const [start, end] = range;
      await reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${info.size}`)
        .header('content-length', String(end - start + 1))
        .send(createReadStream(path, { start, end }));
      return;
    }
    await reply.status(200).header('content-length', String(info.size)).send(createReadStream(path));
  }
}
