import { z } from 'zod';
import { notConfigured } from '../media-job-error';
import { describeWord, MediaJob, requireSentence, SYSTEM_PROMPT, text } from './media-job';

const answer = z.object({ sentence_context: z.string().trim().min(1).max(1000) });

/** A short note in English on when and how the sentence is used (politeness, situation, nuance). */
export const fetchSentenceContextJob: MediaJob = {
  action: 'fetch_sentence_context',
  async run({ materialType, material, providers, signal }) {
    if (!providers.llm) throw notConfigured('fetch_sentence_context');
    const sentence = requireSentence(material, 'fetch_sentence_context');
    const result = await providers.llm.json(
      answer,
      [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            `Sentence: ${sentence}`,
            text(material.sentence_meaning) ? `Translation: ${text(material.sentence_meaning)}` : '',
            `It is the example sentence for ${describeWord(materialType, material)}`,
            'In one or two short English sentences, tell the learner the context: who would say it, in what situation,',
            'how polite it is, or a nuance of the word a learner would miss. Do not translate the sentence again.',
            'Answer {"sentence_context": "…"}',
          ]
            .filter(Boolean)
            .join('\n'),
        },
      ],
      signal,
    );
    return { sentence_context: result.sentence_context };
  },
};
