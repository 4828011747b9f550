import { z } from 'zod';
import { notConfigured } from '../media-job-error';
import { describeWord, MediaJob, requireSentence, SYSTEM_PROMPT, text } from './media-job';
import type { MediaJobAction } from '../media-actions';

/**
 * The shape shared by the jobs that ask the language model for one English note about the card's sentence
 * (image description, sentence context): same inputs, same validation, one answer field.
 */
export function sentenceNoteJob(action: MediaJobAction, field: 'image_description' | 'sentence_context', instructions: string[]): MediaJob {
  const answer = z.object({ [field]: z.string().trim().min(1).max(1000) });
  return {
    action,
    async run({ materialType, material, providers, signal }) {
      if (!providers.llm) throw notConfigured(action);
      const sentence = requireSentence(material, action);
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
              ...instructions,
              `Answer {"${field}": "…"}`,
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
        signal,
      );
      return { [field]: result[field] as string };
    },
  };
}
