import { z } from 'zod';
import { MediaJobError } from '../../media-job-error';
import { openAiUrl } from '../../media-settings';
import { bearer, providerFetch } from '../provider-http';
import { ChatMessage, LlmProvider } from './llm-provider';

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/** The JSON object inside an answer, tolerating ```json fences and prose around it (small local models). */
export function extractJson(text: string): unknown {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start >= 0 && end > start) return JSON.parse(trimmed.slice(start, end + 1));
    throw new SyntaxError('no JSON object');
  }
}

/**
 * POST /v1/chat/completions with `response_format: {type: 'json_object'}`: OpenAI, Ollama (/v1), vLLM and the
 * llama.cpp server all speak it. An answer that is not the asked JSON is retried (models are not deterministic).
 */
export class OpenAiChatProvider implements LlmProvider {
  readonly name = 'openai-chat';

  constructor(
    private readonly settings: { baseUrl: string; apiKey?: string; model: string },
    private readonly timeoutMs: number,
  ) {}

  async json<T>(schema: z.ZodType<T>, messages: ChatMessage[], signal?: AbortSignal): Promise<T> {
    const response = await providerFetch(
      openAiUrl(this.settings.baseUrl, '/chat/completions'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(this.settings.apiKey) },
        body: JSON.stringify({ model: this.settings.model, messages, response_format: { type: 'json_object' }, temperature: 0.4 }),
      },
      { provider: 'the language model', hint: 'Check OPENAI_BASE_URL (for Ollama: http://127.0.0.1:11434/v1).', timeoutMs: this.timeoutMs, signal },
    );
    const body = completionSchema.safeParse(await response.json().catch(() => null));
    if (!body.success) throw new MediaJobError('The language model answered in a format that is not an OpenAI chat completion. Check OPENAI_BASE_URL.', false);
    const content = body.data.choices[0].message.content ?? '';
    let parsed: unknown;
    try {
      parsed = extractJson(content);
    } catch {
      throw new MediaJobError(`The language model did not answer with JSON (it said: "${content.slice(0, 160)}"). The job will be retried.`, true);
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'} ${i.message}`).join('; ');
      throw new MediaJobError(`The language model's answer is missing what was asked (${issues}). The job will be retried.`, true);
    }
    return result.data;
  }
}
