// Sentence rules of SPEC §5 that do not depend on React.

/**
 * Sentence-final punctuation, full- and half-width: full stops (。．.), exclamation and question marks (！!？?),
 * the ellipsis (…, also ‥) and closing quotes (」』: the quote carries its own punctuation, 「よく寝た？」).
 */
export const SENTENCE_ENDINGS = ['。', '．', '.', '！', '!', '？', '?', '…', '‥', '」', '』'];

/**
 * Sentences end with 。 unless they already end with sentence-final punctuation (SENTENCE_ENDINGS):
 * `よく寝た？` stays as it is, never `よく寝た？。`. A trailing reading does not count: `本[ほん]` → `本[ほん]。`.
 */
export function ensureSentenceEnd(sentence: string): string {
  const trimmed = sentence.trimEnd();
  if (!trimmed) return trimmed;
  return SENTENCE_ENDINGS.some((end) => trimmed.endsWith(end)) ? trimmed : `${trimmed}。`;
}

/** Copying Japanese text drops bracketed furigana and whitespace: `日本語[にほんご] を` → `日本語を`. */
export function cleanCopiedText(text: string): string {
  return text.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, '');
}

/** Particles and punctuation never highlighted as the target word. */
export const UNHIGHLIGHTED = new Set(['、', '。', 'は', 'を', 'が', 'に', 'の', 'で', 'と', 'へ', 'な']);

/**
 * Which characters of `text` show as the target word. Occurrences of the word itself are highlighted
 * (for inflected words, its stem: 食べる matches 食べた); when the word does not occur, each character of
 * the word found in the text is highlighted. Particles and punctuation (UNHIGHLIGHTED) are never highlighted.
 */
export function highlightMask(text: string, target: string | null | undefined): boolean[] {
  const chars = Array.from(text);
  const mask = chars.map(() => false);
  const word = Array.from((target ?? '').trim());
  if (!word.length || !chars.length) return mask;

  for (const candidate of stems(word)) {
    let found = false;
    for (let i = 0; i + candidate.length <= chars.length; i += 1) {
      if (candidate.every((c, j) => chars[i + j] === c)) {
        found = true;
        for (let j = 0; j < candidate.length; j += 1) mask[i + j] = true;
      }
    }
    // Inside a matched word of several characters (はな, なに) a particle character belongs to the word.
    if (found) return mask.map((on, i) => on && !(candidate.length === 1 ? UNHIGHLIGHTED : PUNCTUATION).has(chars[i]));
  }
  const wanted = new Set(word);
  return chars.map((c) => wanted.has(c) && !UNHIGHLIGHTED.has(c));
}

const PUNCTUATION = new Set(['、', '。']);

/** The word, then its stems without trailing kana (okurigana), as long as a kanji remains. */
function stems(word: string[]): string[][] {
  const out = [word];
  let end = word.length;
  const isKanaChar = (c: string) => {
    const code = c.codePointAt(0) ?? 0;
    return code >= 12352 && code <= 12543;
  };
  while (end > 1 && isKanaChar(word[end - 1])) {
    end -= 1;
    const stem = word.slice(0, end);
    if (stem.some((c) => !isKanaChar(c))) out.push(stem);
  }
  return out;
}
