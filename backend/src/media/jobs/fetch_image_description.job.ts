import { z } from 'zod';
import { notConfigured } from '../media-job-error';
import { describeWord, MediaJob, requireSentence, SYSTEM_PROMPT, text } from './media-job';

const answer = z.object({ image_description: z.string().trim().min(1).max(1000) });

/** What a picture for the card should show: the prompt fetch_image sends to the image model. */
export const fetchImageDescriptionJob: MediaJob = {
  action: 'fetch_image_description',
  async run({ materialType, material, providers, signal }) {
    if (!providers.llm) throw notConfigured('fetch_image_description');
    const sentence = requireSentence(material, 'fetch_image_description');
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
            'Describe in English, in two or three sentences, one simple picture that shows the situation of the sentence',
            'so that a learner recognises the word: the scene, the people or things, what they do. No text or letters in the picture.',
            'Answer {"image_description": "…"}',
          ]
            .filter(Boolean)
            .join('\n'),
        },
      ],
      signal,
    );
    return { image_description: result.image_description };
  },
};
