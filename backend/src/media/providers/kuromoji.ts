import { dirname, join } from 'node:path';

/**
 * kuromoji (IPADIC) for the media worker: pronunciations for speech and tokens for word breakdowns. The
 * package ships no types; the few fields used are declared here.
 */
export interface Token {
  surface_form: string;
  pos: string;
  pos_detail_1: string;
  basic_form: string;
  reading?: string;
  pronunciation?: string;
}

export interface Tokenizer {
  tokenize(text: string): Token[];
}

let cached: Promise<Tokenizer> | null = null;

/** Loads the dictionary shipped in node_modules/kuromoji/dict once per process (about a second). */
export function loadTokenizer(): Promise<Tokenizer> {
  if (!cached) {
    const kuromoji = require('kuromoji') as { builder(o: { dicPath: string }): { build(cb: (e: Error | null, t: Tokenizer) => void): void } };
    const dicPath = join(dirname(require.resolve('kuromoji/package.json')), 'dict');
    cached = new Promise((resolve, reject) => kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t))));
    cached.catch(() => (cached = null));
  }
  return cached;
}

const known = (v: string | undefined) => (v && v !== '*' ? v : undefined);

/** Katakana → hiragana (ー and other marks stay). */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Removes bracketed furigana: 父[ちち]は → 父は. */
export function stripFurigana(text: string): string {
  return text.replace(/\[[^\]]*\]/g, '');
}

/**
 * How the text is pronounced, in katakana, token by token: IPADIC's pronunciation (は → ワ, 勉強 → ベンキョー),
 * else its reading, else the surface (numbers, Latin letters, unknown words).
 */
export async function pronunciationOf(text: string): Promise<string> {
  const tokenizer = await loadTokenizer();
  return tokenizer
    .tokenize(stripFurigana(text))
    .map((t) => known(t.pronunciation) ?? known(t.reading) ?? t.surface_form)
    .join('');
}

export function readingOf(token: Token): string {
  return known(token.reading) ?? token.surface_form;
}
