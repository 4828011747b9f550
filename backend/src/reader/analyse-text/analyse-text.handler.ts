import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReadAnalysis } from '#contract/reader';
import { Reader, TextAnalyser } from './text-analyser';

/** AnalyseText: a pasted text, for this learner, nothing kept. */
export class AnalyseTextQuery extends Query<ReadAnalysis> {
  constructor(readonly input: { text: string; reader: Reader }) {
    super();
  }
}

@QueryHandler(AnalyseTextQuery)
export class AnalyseTextHandler implements IQueryHandler<AnalyseTextQuery> {
  constructor(private readonly analyser: TextAnalyser) {}

  execute({ input }: AnalyseTextQuery): Promise<ReadAnalysis> {
    return this.analyser.analyse(input.text, input.reader);
  }
}
