import { AggregateType } from '../platform/event-store/command-path';
import { READER_STREAM_TYPE, readerStreamId } from './reader.events';
import { evolve, initialReaderState, ReaderState } from './reader.state';

/**
 * The learner's reader for the command path: the fold of `reader-<user>` (a few events per text and queue). Two
 * writers at once meet at the append's expected version (409, try again), never both succeed.
 */
export const readerAggregate: AggregateType<ReaderState, string> = {
  streamType: READER_STREAM_TYPE,
  streamId: readerStreamId,
  initial: initialReaderState,
  evolve,
};
