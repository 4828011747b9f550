import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ContentModule } from '../content';
import { AnalyseTextHandler } from './analyse-text/analyse-text.handler';
import { AnalyseTextHttp } from './analyse-text/analyse-text.http';
import { TextAnalyser } from './analyse-text/text-analyser';
import { EraseTextsOnErasure } from './erase-texts-on-erasure';
import { QueueWordsHandler, UndoQueueHandler } from './queue-words/queue-words.commands';
import { QueueWordsHttp } from './queue-words/queue-words.http';
import { GetQueuesHandler } from './queue-words/queues.query';
import { DeleteTextHandler, SaveTextHandler } from './texts/texts.commands';
import { TextsHttp } from './texts/texts.http';
import { GetTextHandler, ListTextsHandler } from './texts/texts.queries';

/**
 * Read with Kioku (issue 32): a learner's text analysed against the courses and their cards, kept texts (sealed
 * events on `reader-<user>`), and words queued to come first in their lessons (study_next_card reads the queue).
 */
@Module({
  imports: [AccountsModule, ContentModule],
  controllers: [AnalyseTextHttp, TextsHttp, QueueWordsHttp],
  providers: [
    TextAnalyser,
    AnalyseTextHandler,
    SaveTextHandler,
    DeleteTextHandler,
    ListTextsHandler,
    GetTextHandler,
    QueueWordsHandler,
    UndoQueueHandler,
    GetQueuesHandler,
    EraseTextsOnErasure,
  ],
  exports: [TextAnalyser],
})
export class ReaderModule {}
