// Japanese text with furigana as <ruby>, the target word highlighted, and copy without readings.
// Readings sit between <rp>[</rp> … <rp>]</rp>, so a copied selection reads `日本語[にほんご]` and the copy
// handler strips it back to `日本語` (SPEC §5). Text is rendered as React children, never as HTML.
import type { ClipboardEvent, ReactNode } from 'react';
import { parseFurigana } from './furigana';
import { cleanCopiedText, highlightMask } from './sentence';

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

export function handleJapaneseCopy(event: ClipboardEvent<HTMLElement>): void {
  const selected = window.getSelection()?.toString() ?? '';
  if (!selected || !event.clipboardData) return;
  event.preventDefault();
  event.clipboardData.setData('text/plain', cleanCopiedText(selected));
}

export interface JapaneseTextProps {
  /** Text in the `漢字[かんじ]` notation. */
  text: string;
  furigana?: FuriganaMode;
  /** Words the learner knows: their readings are quieter. */
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
      let look = rubyLook(furigana, known?.has(segment.text) ?? false);
      if (highlighted && hideHighlightedReading) look = 'hidden';
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
    <Tag lang="ja" className={className ? `ja ${className}` : 'ja'} onCopy={handleJapaneseCopy}>
      {nodes}
    </Tag>
  );
}
