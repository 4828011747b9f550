// Parses the furigana notation `漢字[かんじ]` used by the content.
//
// Which characters a reading belongs to: when a space precedes the word (Anki style, `私は 食べ物[たべもの]`),
// everything between that space and the bracket, so words with okurigana work; otherwise only the run of kanji
// right before the bracket (`私は日本語[にほんご]` puts にほんご over 日本語). The delimiting space is dropped:
// Japanese text has no spaces between words.
import { isKanjiLike } from './kana';

export interface TextSegment {
  text: string;
  reading?: undefined;
}
export interface RubySegment {
  text: string;
  reading: string;
}
export type Segment = TextSegment | RubySegment;

const WHITESPACE = /\s/;

export function parseFurigana(input: string): Segment[] {
  const segments: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < input.length) {
    const char = input[i];
    if (char !== '[') {
      plain += char;
      i += 1;
      continue;
    }
    const close = input.indexOf(']', i + 1);
    if (close === -1) {
      plain += input.slice(i);
      break;
    }
    const reading = input.slice(i + 1, close);
    const { before, base } = splitBase(plain);
    if (base && reading) {
      if (before) segments.push({ text: before });
      segments.push({ text: base, reading });
    } else {
      // Brackets with nothing to attach to are shown as written.
      if (plain) segments.push({ text: plain });
      segments.push({ text: `[${reading}]` });
    }
    plain = '';
    i = close + 1;
  }
  if (plain) segments.push({ text: plain });
  return mergeText(segments);
}

function splitBase(text: string): { before: string; base: string } {
  const space = lastIndexOfWhitespace(text);
  if (space !== -1 && space < text.length - 1) {
    const chunk = text.slice(space + 1);
    return { before: text.slice(0, space), base: chunk };
  }
  const chars = Array.from(text);
  let start = chars.length;
  while (start > 0 && isKanjiLike(chars[start - 1])) start -= 1;
  if (start === chars.length) {
    // No kanji right before the bracket (e.g. `ＡＢＣ[えーびーしー]`): take the whole word.
    return { before: '', base: text };
  }
  return { before: chars.slice(0, start).join(''), base: chars.slice(start).join('') };
}

function lastIndexOfWhitespace(text: string): number {
  for (let i = text.length - 1; i >= 0; i -= 1) if (WHITESPACE.test(text[i])) return i;
  return -1;
}

function mergeText(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (segment.reading === undefined && last && last.reading === undefined) last.text += segment.text;
    else out.push({ ...segment });
  }
  return out;
}

/** The text without its readings: `日本語[にほんご]を` → `日本語を`. */
export function plainText(input: string): string {
  return parseFurigana(input)
    .map((s) => s.text)
    .join('');
}
