import { notConfigured } from '../media-job-error';
import { MediaJob, requireSentence, text } from './media-job';

/** The sentence's words with pronunciation and meaning (kuromoji + our vocabulary by default). */
export const fetchBreakdownJob: MediaJob = {
  action: 'fetch_breakdown',
  async run({ material, providers, signal }) {
    if (!providers.breakdown) throw notConfigured('fetch_breakdown');
    const sentence = requireSentence(material, 'fetch_breakdown');
    const { items, note } = await providers.breakdown.breakdown({ sentence, vocab: text(material.vocab), vocabReading: text(material.vocab_hiragana) }, signal);
    return { sentence_breakdown: items, ...(note ? { note } : {}) };
  },
};
