import { z } from 'zod';
import { MediaJobError, missingInput, notConfigured } from '../media-job-error';
import { stripFurigana } from '../providers/kuromoji';
import { describeWord, MediaJob, SYSTEM_PROMPT, text } from './media-job';

const answer = z.object({
  sentence: z.string().trim().min(1).max(200),
  furigana: z.string().trim().min(1).max(600),
  sentence_meaning: z.string().trim().min(1).max(500),
});

const compact = (s: string) => s.replace(/[\s\u3000]/g, '');

/** A new example sentence for the card's word, with furigana and translation, from the chat model. */
export const fetchSentenceJob: MediaJob = {
  action: 'fetch_sentence',
  async run({ materialType, material, providers, signal }) {
    if (!providers.llm) throw notConfigured('fetch_sentence');
    const word = text(material.vocab) ?? text(material.vocab_hiragana) ?? text(material.kana);
    if (!word) throw missingInput('This material has no word yet (set its vocab first), so there is nothing to write a sentence for.');
    const level = material.level ? ` at level ${material.level} of 9${material.course ? ` of the ${material.course} course` : ''}` : '';
    const result = await providers.llm.json(
      answer,
      [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: [
            `Write one short, natural Japanese example sentence for a learner${level} that uses ${describeWord(materialType, material)}`,
            'Use simple grammar and common words around it. End the sentence with 。',
            'Answer {"sentence": "…", "furigana": "…", "sentence_meaning": "…"} where "furigana" is the same sentence with the',
            'reading in hiragana in square brackets right after every word that contains kanji, e.g. 父[ちち]は国[くに]の官僚[かんりょう]です。',
            'and "sentence_meaning" is a natural English translation.',
          ].join('\n'),
        },
      ],
      signal,
    );
    if (compact(stripFurigana(result.furigana)) !== compact(result.sentence)) {
      throw new MediaJobError('The language model wrote furigana that do not match its sentence. The job will be retried.', true);
    }
    return { sentence: result.sentence, furigana: result.furigana, sentence_meaning: result.sentence_meaning };
  },
};
