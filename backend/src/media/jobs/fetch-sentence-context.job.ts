import { sentenceNoteJob } from './sentence-note';

/** A short note in English on when and how the sentence is used (politeness, situation, nuance). */
export const fetchSentenceContextJob = sentenceNoteJob('fetch_sentence_context', 'sentence_context', [
  'In one or two short English sentences, tell the learner the context: who would say it, in what situation,',
  'how polite it is, or a nuance of the word a learner would miss. Do not translate the sentence again.',
]);
