import { z } from 'zod';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A chat model that answers JSON only; the answer is validated against `schema`. */
export interface LlmProvider {
  readonly name: string;
  json<T>(schema: z.ZodType<T>, messages: ChatMessage[], signal?: AbortSignal): Promise<T>;
}
