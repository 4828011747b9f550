import type {} from '@fastify/multipart';
import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/errors/app-error';
import { Idempotent, idempotencyKeyOf } from '../../../platform/http/idempotency.interceptor';
import { metadataOf } from '../../../platform/http/request-context';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { requestEventIds } from '../../ids';
import { CARD_TYPES } from '../card-fields';
import { runEdit } from '../edit-material/edit-material.http';
import { EditMaterialHandler } from '../edit-material/edit-material.handler';
import { version } from '../edit-material/edit-material.schema';
import { materialIdPipe } from '../material-id';
import { MaterialDetailView } from '../material-reader';
import { readableSize, UploadImageHandler } from './upload-image.handler';

const formSchema = z.object({
  _method: z.string().regex(/^patch$/i, 'This endpoint updates the material: send _method=patch.'),
  type: z.enum(CARD_TYPES),
  version: version.optional(),
});

const METHOD_MISSING = 'POST to a material updates it only with a method override: send _method=patch (SPEC §2 image upload).';

/**
 * POST /api/admin/materials/:id with `_method=patch` (SPEC §2): a multipart form with `type`, `version` and the
 * file in `image` uploads the card's image (→ the material, like PATCH); a JSON body is a PATCH.
 */
@Controller('api/admin/materials')
export class UploadImageHttp {
  constructor(private readonly upload: UploadImageHandler, private readonly edit: EditMaterialHandler) {}

  @Post(':id')
  @HttpCode(200)
  @Idempotent()
  async post(@Param('id', materialIdPipe) id: number, @Req() request: FastifyRequest): Promise<MaterialDetailView> {
    if (!request.isMultipart?.()) {
      const body = request.body as Record<string, unknown> | undefined;
      if (typeof body?._method !== 'string' || body._method.toLowerCase() !== 'patch') {
        throw new AppError('validation_failed', METHOD_MISSING, { fields: [{ field: '_method', message: 'Send _method=patch.' }] });
      }
      return runEdit(this.edit, id, body, request);
    }

    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; name: string } | undefined;
    const max = this.upload.maxBytes;
    try {
      for await (const part of request.parts({ limits: { fileSize: max, files: 1, fields: 20, fieldSize: 10_000, parts: 25 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'image') file = { bytes, name: part.filename };
        } else {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      const e = error as { code?: string };
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('payload_too_large', `The image is too large; the limit is ${readableSize(max)}.`, {
          fields: [{ field: 'image', message: `The file is larger than ${readableSize(max)}.` }],
        });
      }
      if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
        throw new AppError('validation_failed', 'Send one image file (field "image") with the fields _method, type and version.');
      }
      throw error;
    }
    const form = parseOrThrow(formSchema, fields, 'upload form');
    if (!file) throw new AppError('validation_failed', 'The form has no image: send the file in the field "image".', { fields: [{ field: 'image', message: 'Choose an image file.' }] });
    return this.upload.upload({
      type: form.type,
      id,
      expectedVersion: form.version,
      bytes: file.bytes,
      fileName: file.name,
      metadata: metadataOf(request),
      eventIdFor: requestEventIds(request.user?.id, idempotencyKeyOf(request), 'upload'),
    });
  }
}
