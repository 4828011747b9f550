import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gradeResponseSchema } from '#contract/study';
import { gradeBodySchema, type TypedAnswerBody } from '#contract/study.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { Idempotent, idempotencyOf } from '../../platform/http/idempotency.interceptor';
import { metadataOf, SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { GradeCardResult, GradeFlashcardCommand } from './grade-card.handler';

/**
 * POST /api/flashcard {id, grade, fetch_new, version?, typed?} with an Idempotency-Key header → {flashcard (the graded
 * card), new_flashcard (the next card: a new one first when fetch_new, else the next due review or null), new_level,
 * user_next_review_in_minutes, review_count, new_available, learned_count, typed_answer?}. `typed`: a review answered
 * by typing (issue 31), judged here; a wrong one is recorded as grade 0.
 */
@Controller('api/flashcard')
export class GradeCardHttp {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @Answers(gradeResponseSchema)
  @Idempotent('handler')
  async grade(
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(new ZodPipe(gradeBodySchema)) input: { id: string; grade: number; fetch_new: boolean; version?: number; typed?: TypedAnswerBody },
  ): Promise<GradeCardResult> {
    const { replayed, ...answer } = await this.commands.execute(
      new GradeFlashcardCommand({
        userId: user.id,
        subscriptionActive: user.subscriptionActive,
        id: input.id,
        grade: input.grade,
        fetchNew: input.fetch_new,
        version: input.version,
        typed: input.typed,
        idempotency: idempotencyOf(request),
        metadata: metadataOf(request),
      }),
    );
    if (replayed) void reply.header('idempotent-replayed', 'true');
    return answer;
  }
}
