// The reader context's public surface (issue 32): other contexts import from here, never from its folders.
export { ReaderModule } from './reader.module';
export { TextAnalyser } from './analyse-text/text-analyser';
export { READER_EVENT_TYPES } from './reader.events';
