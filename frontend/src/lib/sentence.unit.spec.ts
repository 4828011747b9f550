import { cleanCopiedText, ensureSentenceEnd, highlightMask, UNHIGHLIGHTED } from './sentence';

describe('ensureSentenceEnd', () => {
  it('adds 。 to a sentence without an ending', () => {
    expect(ensureSentenceEnd('毎日走ります')).toBe('毎日走ります。');
    expect(ensureSentenceEnd('本[ほん]')).toBe('本[ほん]。');
  });
  it.each(['行きます。', 'すごい！', 'Wow!'])('keeps %s as it is', (s) => {
    expect(ensureSentenceEnd(s)).toBe(s);
  });
  it.each(['よく寝た？', '本当?', 'そうですか…', 'そうですね‥', 'Yes.', '全角．', '「よく寝た？」', '『雪国』'])('adds nothing after sentence-final punctuation: %s', (s) => {
    expect(ensureSentenceEnd(s)).toBe(s);
    expect(ensureSentenceEnd(`${s} `)).toBe(s);
  });
  it('still ends a sentence whose last character is not punctuation', () => {
    expect(ensureSentenceEnd('よく寝[ね]た')).toBe('よく寝[ね]た。');
    expect(ensureSentenceEnd('ありがとう')).toBe('ありがとう。');
  });
  it('trims trailing spaces before deciding', () => {
    expect(ensureSentenceEnd('行きます。  ')).toBe('行きます。');
  });
});

describe('cleanCopiedText', () => {
  it('strips bracketed furigana and whitespace', () => {
    expect(cleanCopiedText('私[わたし]は 日本語[にほんご]を\n勉強[べんきょう]します。')).toBe('私は日本語を勉強します。');
  });
});

const marked = (text: string, target: string) =>
  Array.from(text)
    .filter((_, i) => highlightMask(text, target)[i])
    .join('');

describe('highlightMask', () => {
  it('highlights the occurrences of the target word', () => {
    expect(marked('私は日本語を勉強します。日本語は難しい。', '日本語')).toBe('日本語日本語');
  });

  it('finds inflected words by their stem', () => {
    expect(marked('昨日パンを食べた。', '食べる')).toBe('食べ');
  });

  it('never highlights the particles 、。はをがにのでとへな', () => {
    expect([...UNHIGHLIGHTED].join('')).toBe('、。はをがにのでとへな');
    // No whole-word match: characters of the word are highlighted, particles excepted.
    expect(marked('ここはどこですか', 'はこ')).toBe('こここ');
    expect(marked('日本に行く', 'に')).toBe('');
  });

  it('keeps a particle character that is part of a longer matched word', () => {
    expect(marked('きれいな花がはなです', 'はな')).toBe('はな');
  });

  it('highlights nothing without a target', () => {
    expect(highlightMask('日本', null)).toEqual([false, false]);
  });
});
