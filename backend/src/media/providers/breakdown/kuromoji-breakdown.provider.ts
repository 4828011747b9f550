import type { BreakdownItem } from '../../media.events';
import { loadTokenizer, readingOf, stripFurigana, Token, toHiragana } from '../kuromoji';
import { BreakdownInput, BreakdownProvider } from './breakdown-provider';
import { loadVocabMeanings, VocabMeanings } from './vocab-meanings';

/** Grammar words the vocabulary list leaves out (it drops particles and auxiliaries). */
const GRAMMAR: Record<string, string> = {
  は: 'topic marker',
  が: 'subject marker',
  を: 'object marker',
  に: 'in; at; to',
  の: "'s; of",
  で: 'at; in; by means of',
  と: 'and; with',
  へ: 'to; towards',
  も: 'also; too',
  か: 'question marker',
  ね: "right?; isn't it?",
  よ: '(emphasis)',
  から: 'from; because',
  まで: 'until; as far as',
  や: 'and (among others)',
  より: 'than',
  けど: 'but',
  です: 'is; am; are (polite)',
  だ: 'is; am; are',
};

const ENDINGS: Record<string, string> = { ます: 'polite', た: 'past', ない: 'negative', たい: 'want to' };

interface Group {
  tokens: Token[];
}

function attaches(previous: Group | undefined, t: Token): boolean {
  if (!previous) return false;
  const head = previous.tokens[0];
  const isPredicate = head.pos === '動詞' || head.pos === '形容詞' || (head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && previous.tokens.length > 1);
  if (t.pos === '動詞' && t.basic_form === 'する' && head.pos === '名詞' && head.pos_detail_1 === 'サ変接続' && previous.tokens.length === 1) return true;
  if (!isPredicate) return false;
  if (t.pos === '助動詞') return true;
  if (t.pos === '動詞' && (t.pos_detail_1 === '非自立' || t.pos_detail_1 === '接尾')) return true;
  if (t.pos === '助詞' && t.pos_detail_1 === '接続助詞' && ['て', 'で', 'ば'].includes(t.surface_form)) return true;
  return false;
}

/**
 * The default breakdown, offline: kuromoji's words (verbs keep their endings: 書きます, 勉強します), readings
 * in hiragana (particles as pronounced: は → わ), meanings from our vocabulary data.
 */
export class KuromojiBreakdownProvider implements BreakdownProvider {
  readonly name = 'kuromoji';
  private meanings?: Promise<VocabMeanings | null>;

  constructor(private readonly vocabFile?: string) {}

  async breakdown(input: BreakdownInput): Promise<{ items: BreakdownItem[]; note?: string }> {
    const tokenizer = await loadTokenizer();
    this.meanings ??= loadVocabMeanings(this.vocabFile);
    const meanings = await this.meanings;
    const groups: Group[] = [];
    for (const t of tokenizer.tokenize(stripFurigana(input.sentence))) {
      if (t.pos === '記号' || !t.surface_form.trim()) continue;
      const last = groups[groups.length - 1];
      if (attaches(last, t)) last.tokens.push(t);
      else groups.push({ tokens: [t] });
    }
    const missing: string[] = [];
    const items = groups.map((g): BreakdownItem => {
      const head = g.tokens[0];
      const word = g.tokens.map((t) => t.surface_form).join('');
      const pronunciation = toHiragana(
        g.tokens.map((t) => (t.pos === '助詞' && t.pronunciation && t.pronunciation !== '*' ? t.pronunciation : readingOf(t))).join(''),
      );
      const base = head.basic_form && head.basic_form !== '*' ? head.basic_form : head.surface_form;
      let meaning = (g.tokens.length === 1 && GRAMMAR[word]) || meanings?.meaningOf(base) || meanings?.meaningOf(word) || '';
      const endings = g.tokens.slice(1).map((t) => ENDINGS[t.basic_form]).filter(Boolean);
      if (meaning && endings.length) meaning = `${meaning} (${[...new Set(endings)].join(', ')})`;
      if (!meaning) missing.push(word);
      const isTarget = [input.vocab, input.vocabReading].some((v) => v && (v === base || v === word));
      return { word, pronunciation, meaning, ...(isTarget ? { vocab: true } : {}) };
    });
    let note: string | undefined;
    if (!meanings) note = 'No vocabulary data (backend/content/vocab.json) was found on the worker, so the meanings are empty: fill them in by hand.';
    else if (missing.length) note = `No meaning was found in our vocabulary data for: ${missing.join(', ')}. Fill these in by hand.`;
    return { items, ...(note ? { note: note.slice(0, 1000) } : {}) };
  }
}
