import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { readAnalysisSchema } from '#contract/reader';
import { analyseTextBodySchema, type AnalyseTextBody } from '#contract/reader.requests';
import { CurrentUser } from '../../accounts';
import { Answers } from '../../platform/http/answer-contract.interceptor';
import { SessionUser } from '../../platform/http/request-context';
import { ZodPipe } from '../../platform/http/zod.pipe';
import { readerOf } from './text-analyser';
import { AnalyseTextQuery } from './analyse-text.handler';

/**
 * POST /api/read/analyse {text} → the text for this learner: tokens with furigana, each word's state, the figures.
 * Nothing is kept (POST /api/read/texts keeps a text). 400 naming `text` when it is empty, longer than 20,000
 * characters or has no Japanese in it.
 */
@Controller('api/read/analyse')
export class AnalyseTextHttp {
  constructor(private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(200)
  @Answers(readAnalysisSchema)
  analyse(@CurrentUser() user: SessionUser, @Body(new ZodPipe(analyseTextBodySchema)) body: AnalyseTextBody) {
    return this.queries.execute(new AnalyseTextQuery({ text: body.text, reader: readerOf(user) }));
  }
}
