/** Hand-written core meanings ("written|reading" → definition); see index.ts. */
export const MEANINGS_VOCAB2_C: Record<string, string> = {};
