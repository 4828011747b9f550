import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { undoResponseSchema } from '#contract/study';
import { undoBodySchema } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { UndoGradeCommand, UndoGradeResult } from './undo-grade.handler';

/**
 * POST /api/flashcard/undo {id, version?, fetch_new?} with an Idempotency-Key header → {flashcard (the card as it
 * is again, to be graded anew), undone {grade, lesson}, user_next_review_in_minutes, review_count, new_available,
 * learned_count}. 409 with the reason when the answer cannot be taken back (not the last one, already taken back,
 * older than 30 minutes).
 */
@Controller('api/flashcard/undo')
export class UndoGradeHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(undoResponseSchema)
  @Idempotent()
  async undo(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest, @Body(new ZodPipe(undoBodySchema)) input: { id: string; version?: number; fetch_new: boolean }): Promise<UndoGradeResult> {
    return this.commands.execute(
      new UndoGradeCommand({
        userId: user.id,
        subscriptionActive: user.subscriptionActive,
        id: input.id,
        version: input.version,
        fetchNew: input.fetch_new,
        metadata: metadataOf(request),
      }),
    );
  }
}
