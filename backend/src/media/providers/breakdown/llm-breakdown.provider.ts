import { z } from 'zod';
import { breakdownItemSchema } from '../../media.events';
import type { BreakdownItem } from '../../media.events';
import { LlmProvider } from '../llm/llm-provider';
import { BreakdownInput, BreakdownProvider } from './breakdown-provider';

const answer = z.object({ breakdown: z.array(breakdownItemSchema).min(1).max(200) });

/** The breakdown from the configured chat model (BREAKDOWN_PROVIDER=llm). */
export class LlmBreakdownProvider implements BreakdownProvider {
  readonly name = 'llm';

  constructor(private readonly llm: LlmProvider) {}

  async breakdown(input: BreakdownInput, signal?: AbortSignal): Promise<{ items: BreakdownItem[] }> {
    const result = await this.llm.json(
      answer,
      [
        {
          role: 'system',
          content:
            'You are a Japanese teacher writing study material for English-speaking learners. Answer with one JSON object only, no prose.',
        },
        {
          role: 'user',
          content: [
            `Break this Japanese sentence into words: ${input.sentence}`,
            'Keep verb endings with their verb (書きます, 行きました). Leave out punctuation.',
            'For each word give: "word" (as written in the sentence), "pronunciation" (hiragana, particles as pronounced: は → わ),',
            '"meaning" (short English gloss; for particles their function, e.g. "topic marker").',
            input.vocab ? `Add "vocab": true to the word ${input.vocab}${input.vocabReading ? ` (${input.vocabReading})` : ''}.` : '',
            'Answer: {"breakdown": [{"word": "…", "pronunciation": "…", "meaning": "…"}]}',
          ]
            .filter(Boolean)
            .join('\n'),
        },
      ],
      signal,
    );
    return { items: result.breakdown };
  }
}
