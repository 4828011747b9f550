import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { materialDetailSchema } from '#contract/admin';
import { editMaterialBodySchema } from '#contract/admin.requests';
import { ParsesBody } from '../../../platform/api-docs/openapi';
import { Answers } from '../../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyKeyOf } from '../../../platform/http/idempotency.interceptor';
import { metadataOf } from '../../../platform/http/request-context';
import { parseOrThrow } from '../../../platform/http/zod.pipe';
import { requestEventIds } from '../../ids';
import { materialIdPipe } from '../material-id';
import { MaterialDetailView } from '../material-reader';
import { fieldsToSet } from './edit-material.schema';
import { EditMaterialFieldsCommand } from './edit-material.handler';

/** Runs a JSON edit body (PATCH, or POST with `_method: "patch"`). */
export function runEdit(commands: CommandBus, id: number, raw: unknown, request: FastifyRequest): Promise<MaterialDetailView> {
  const sent = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  delete sent._method;
  const body = parseOrThrow(editMaterialBodySchema, sent, 'edit');
  return commands.execute(
    new EditMaterialFieldsCommand({
      type: body.type,
      id,
      expectedVersion: body.version,
      set: fieldsToSet(body, sent),
      metadata: metadataOf(request),
      eventIdFor: requestEventIds(request.user?.id, idempotencyKeyOf(request), 'edit'),
    }),
  );
}

/**
 * PATCH /api/admin/materials/:id {type, version, …changed fields} → the material as after the edit (like GET).
 * `version` is the one GET answered: when the material changed since, 409 and nothing is written. Fields
 * (SPEC §7): a reading's grade and vocab_id (one of its vocab_id_options), kanji and reading; the word's vocab,
 * vocab_hiragana, vocab_meaning; a kana's kana; the sentence fields; image_description, image_situation,
 * audio_spec; null removes a field.
 */
@Controller('api/admin/materials')
export class EditMaterialHttp {
  constructor(private readonly commands: CommandBus) {}

  @Patch(':id')
  @Answers(materialDetailSchema)
  @ParsesBody(editMaterialBodySchema)
  @Idempotent()
  edit(@Param('id', materialIdPipe) id: number, @Body() body: unknown, @Req() request: FastifyRequest): Promise<MaterialDetailView> {
    return runEdit(this.commands, id, body, request);
  }
}
