import { dirname, join } from 'node:path';
import { toHiragana } from './text';

/**
 * kuromoji (IPADIC) behind a small typed surface. The package ships no types, so the shapes used here are
 * declared locally instead of through an ambient module declaration that other code could collide with.
 */

export interface KuromojiToken {
  word_id: number;
  word_type: 'KNOWN' | 'UNKNOWN';
  word_position: number;
  surface_form: string;
  pos: string;
  pos_detail_1: string;
  pos_detail_2: string;
  pos_detail_3: string;
  conjugated_type: string;
  conjugated_form: string;
  basic_form: string;
  reading?: string;
  pronunciation?: string;
}

interface RawTokenizer {
  tokenize(text: string): KuromojiToken[];
  viterbi_builder: {
    trie: { commonPrefixSearch(s: string): Array<{ k: string; v: number }> };
    token_info_dictionary: {
      target_map: Record<number, number[]>;
      dictionary: { getShort(i: number): number };
      getFeatures(id: string | number): string;
    };
  };
}

interface KuromojiModule {
  builder(opts: { dicPath: string }): { build(cb: (err: Error | null, t: RawTokenizer) => void): void };
}

export interface DictionaryWord {
  cost: number;
  /** IPADIC part of speech, e.g. 名詞, 動詞. */
  pos: string;
  posDetail: string;
  /** Katakana reading. */
  reading: string;
}

export class Tokenizer {
  constructor(private readonly raw: RawTokenizer) {}

  tokenize(text: string): KuromojiToken[] {
    return this.raw.tokenize(text);
  }

  /**
   * IPADIC entries whose surface is exactly `surface`. The word cost is the dictionary's own estimate of how
   * unlikely the word is (trained on newspaper text): lower means more common.
   */
  lookup(surface: string): DictionaryWord[] {
    const vb = this.raw.viterbi_builder;
    const tid = vb.token_info_dictionary;
    const out: DictionaryWord[] = [];
    for (const hit of vb.trie.commonPrefixSearch(surface)) {
      if (hit.k !== surface) continue;
      for (const id of tid.target_map[hit.v] ?? []) {
        const f = tid.getFeatures(id).split(',');
        // features: surface, pos, detail1, detail2, detail3, conj type, conj form, basic form, reading, pronunciation
        if (f[7] !== surface) continue; // conjugated surfaces are other words' forms
        out.push({ cost: tid.dictionary.getShort(id + 4), pos: f[1], posDetail: f[2], reading: f[8] ?? '' });
      }
    }
    return out;
  }

  /** Reading of a text in hiragana, token by token (unknown tokens keep their surface). */
  readingOf(text: string): string {
    return this.tokenize(text)
      .map((t) => (t.reading && t.reading !== '*' ? toHiragana(t.reading) : t.surface_form))
      .join('');
  }
}

let cached: Promise<Tokenizer> | null = null;

/** Loads the IPADIC dictionary shipped with kuromoji (about a second, once per process). */
export function loadTokenizer(): Promise<Tokenizer> {
  if (!cached) {
    const kuromoji = require('kuromoji') as KuromojiModule;
    const dicPath = join(dirname(require.resolve('kuromoji/package.json')), 'dict');
    cached = new Promise((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(new Tokenizer(t)))),
    );
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}
