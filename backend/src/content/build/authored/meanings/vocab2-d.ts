/** Hand-written core meanings ("written|reading" → definition); see index.ts. */
export const MEANINGS_VOCAB2_D: Record<string, string> = {};
