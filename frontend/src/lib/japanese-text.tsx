// Japanese text with furigana as <ruby>, the target word highlighted, and copy without readings.
// Readings sit in <rt> (with <rp>[</rp> … <rp>]</rp> for browsers without ruby); the container's copy handler
// puts the selection on the clipboard without them and without whitespace (SPEC §5, lib/copy-text.ts).
// Text is rendered as React children, never as HTML.
import type { ClipboardEvent, ReactNode } from 'react';
import { copyWithoutReadings } from './copy-text';
import { parseFurigana } from './furigana';
import { highlightMask } from './sentence';

export type FuriganaMode = 'show' | 'faint' | 'none';
type RubyLook = 'visible' | 'faint' | 'hidden';

/**
 * How a reading looks: 'none' hides every reading; otherwise a known word is one step quieter than the rest
 * ('show': known words faint; 'faint': every reading faint and known words hidden).
 */
export function rubyLook(mode: FuriganaMode, known: boolean): RubyLook {
  if (mode === 'none') return 'hidden';
  if (mode === 'faint') return known ? 'hidden' : 'faint';
  return known ? 'faint' : 'visible';
}

/** How the highlighted target word's reading looks: hidden on the question side or with furigana 'none', else visible. */
export function targetLook(mode: FuriganaMode, hideReading: boolean): RubyLook {
  return hideReading || mode === 'none' ? 'hidden' : 'visible';
}

/** The container's copy handler: the selection as plain text, without readings or whitespace. */
export function handleJapaneseCopy(event: ClipboardEvent<HTMLElement>): void {
  copyWithoutReadings(event);
}

export interface JapaneseTextProps {
  /** Text in the `漢字[かんじ]` notation. */
  text: string;
  furigana?: FuriganaMode;
  /** Words the learner knows: their readings are quieter (never the highlighted target's). */
  known?: ReadonlySet<string>;
  /** The target word, highlighted wherever it occurs. */
  highlight?: string | null;
  /** Hide the readings of the highlighted word (the question side of a reading card). */
  hideHighlightedReading?: boolean;
  className?: string;
  as?: 'span' | 'p' | 'div';
}

export function JapaneseText({ text, furigana = 'show', known, highlight, hideHighlightedReading = false, className, as = 'span' }: JapaneseTextProps) {
  const segments = parseFurigana(text);
  const plain = segments.map((s) => s.text).join('');
  const mask = highlightMask(plain, highlight);
  const nodes: ReactNode[] = [];
  let offset = 0;

  segments.forEach((segment, index) => {
    const length = Array.from(segment.text).length;
    const slice = mask.slice(offset, offset + length);
    offset += length;
    if (segment.reading !== undefined) {
      const highlighted = slice.some(Boolean);
      // The target word is what the learner is learning: never quieter as a known word. Its reading is hidden
      // on the question side of a reading card, fully visible otherwise (unless no furigana is wanted at all).
      const look = highlighted ? targetLook(furigana, hideHighlightedReading) : rubyLook(furigana, known?.has(segment.text) ?? false);
      const ruby =
        look === 'hidden' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <ruby key={index} className={look === 'faint' ? 'ruby-faint' : undefined}>
            {segment.text}
            <rp>[</rp>
            <rt>{segment.reading}</rt>
            <rp>]</rp>
          </ruby>
        );
      nodes.push(highlighted ? <mark key={index} className="target">{ruby}</mark> : ruby);
      return;
    }
    // Plain text: split into runs of highlighted and plain characters.
    const chars = Array.from(segment.text);
    let run = '';
    let runOn = slice[0] ?? false;
    const flush = (key: string) => {
      if (!run) return;
      nodes.push(runOn ? <mark key={key} className="target">{run}</mark> : run);
      run = '';
    };
    chars.forEach((char, i) => {
      if ((slice[i] ?? false) !== runOn) {
        flush(`${index}-${i}`);
        runOn = slice[i] ?? false;
      }
      run += char;
    });
    flush(`${index}-end`);
  });

  const Tag = as;
  return (
    <Tag lang="ja" className={className ? `ja ${className}` : 'ja'} onCopy={handleJapaneseCopy} data-copy="plain">
      {nodes}
    </Tag>
  );
}
