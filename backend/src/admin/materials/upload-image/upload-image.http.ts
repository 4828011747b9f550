import type {} from '@fastify/multipart';
import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { materialDetailSchema } from '#contract/admin';
import { uploadFormSchema } from '#contract/admin.requests';
import { MEDIA_SETTINGS, MediaSettings } from '../../../media';
import { ParsesBody } from '../../../platform/api-docs/openapi';
import { AppError } from '../../../platform/errors/app-error';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyKeyOf } from '../../../platform/http/idempotency.interceptor';
import { metadataOf } from '../../../platform/http/request-context';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { requestEventIds } from '../../ids';
import { runEdit } from '../edit-material/edit-material.http';
import { materialIdPipe } from '../material-id';
import { MaterialDetailView } from '../material-reader';
import { readableSize, UploadMaterialAudioCommand, UploadMaterialImageCommand } from './upload-image.handler';

const METHOD_MISSING = 'POST to a material updates it only with a method override: send _method=patch (SPEC §2 image upload).';

/** The file fields of the form: an image, or a recording of the card's audio (issue 14). */
type FileField = 'image' | 'audio';
const isFileField = (name: string): name is FileField => name === 'image' || name === 'audio';

/**
 * POST /api/admin/materials/:id with `_method=patch` (SPEC §2): a multipart form with `type`, `version` and the
 * file in `image` uploads the card's image, in `audio` a recording of the card's audio (→ the material, like
 * PATCH); a JSON body is a PATCH.
 */
@Controller('api/admin/materials')
export class UploadImageHttp {
  constructor(
    private readonly commands: CommandBus,
    @Inject(MEDIA_SETTINGS) private readonly settings: MediaSettings,
  ) {}

  @Post(':id')
  @HttpCode(200)
  @Answers(materialDetailSchema)
  @ParsesBody(uploadFormSchema, 'multipart/form-data')
  @Idempotent()
  async post(@Param('id', materialIdPipe) id: number, @Req() request: FastifyRequest): Promise<MaterialDetailView> {
    if (!request.isMultipart?.()) {
      const body = request.body as Record<string, unknown> | undefined;
      if (typeof body?._method !== 'string' || body._method.toLowerCase() !== 'patch') {
        throw new AppError('validation_failed', METHOD_MISSING, { fields: [{ field: '_method', message: 'Send _method=patch.' }] });
      }
      return runEdit(this.commands, id, body, request);
    }

    const fields: Record<string, string> = {};
    let file: { field: FileField; bytes: Buffer; name: string } | undefined;
    let fileField: string | undefined; // the file part being read, for the 413's field
    // The handlers' own limit (MEDIA_MAX_UPLOAD_BYTES): a larger file stops the read here, with a 413.
    const max = this.settings.maxUploadBytes;
    try {
      for await (const part of request.parts({ limits: { fileSize: max, files: 1, fields: 20, fieldSize: 10_000, parts: 25 } })) {
        if (part.type === 'file') {
          fileField = part.fieldname;
          const bytes = await part.toBuffer();
          if (isFileField(part.fieldname)) file = { field: part.fieldname, bytes, name: part.filename };
        } else {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      const e = error as { code?: string };
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
        const audio = fileField === 'audio';
        throw new AppError('payload_too_large', `The ${audio ? 'audio file' : 'image'} is too large; the limit is ${readableSize(max)}.`, {
          fields: [{ field: audio ? 'audio' : 'image', message: `The file is larger than ${readableSize(max)}.` }],
        });
      }
      if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
        throw new AppError('validation_failed', 'Send one file (an image in the field "image" or a recording in "audio") with the fields _method, type and version.');
      }
      throw error;
    }
    const form = parseOrThrow(uploadFormSchema, fields, 'upload form');
    if (!file) {
      throw new AppError('validation_failed', 'The form has no file: send an image in the field "image" or a recording in the field "audio".', {
        fields: [{ field: 'image', message: 'Choose an image file (or an audio file in "audio").' }],
      });
    }
    const command = {
      type: form.type,
      id,
      expectedVersion: form.version,
      bytes: file.bytes,
      fileName: file.name,
      metadata: metadataOf(request),
      // Distinct event ids per kind of upload: the image's and the recording's are different writes.
      eventIdFor: requestEventIds(request.user?.id, idempotencyKeyOf(request), file.field === 'audio' ? 'upload-audio' : 'upload'),
    };
    return this.commands.execute(file.field === 'audio' ? new UploadMaterialAudioCommand(command) : new UploadMaterialImageCommand(command));
  }
}
