// A text as the reader shows it: each word a button coloured by its state for this learner, furigana as <ruby>.
// Text is React children only, never HTML.
import { Fragment, memo, type ReactNode } from 'react';
import { parseFurigana } from '../../lib/furigana';
import { handleJapaneseCopy, rubyLook, type FuriganaMode } from '../../lib/japanese-text';
import type { ReadAnalysis, ReadWord } from './read-queries';

export const STATE_LABELS: Record<ReadWord['state'], string> = {
  known: 'Known',
  learning: 'Learning',
  new: 'In a course, not met yet',
  outside: 'In no course',
};

function Ruby({ furigana, text, mode, known }: { furigana: string | null; text: string; mode: FuriganaMode; known: boolean }) {
  if (!furigana) return <>{text}</>;
  const look = rubyLook(mode, known);
  return (
    <>
      {parseFurigana(furigana).map((s, i) =>
        s.reading === undefined || look === 'hidden' ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          // No <rp>: thousands of words on one page, and every browser the app supports lays out ruby.
          <ruby key={i} className={look === 'faint' ? 'ruby-faint' : undefined}>
            {s.text}
            <rt>{s.reading}</rt>
          </ruby>
        ),
      )}
    </>
  );
}

export interface ReadTextProps {
  analysis: ReadAnalysis;
  furigana: FuriganaMode;
  selected: number | null;
  onSelect: (word: number) => void;
}

/**
 * The text, paragraph by paragraph, with every counted word a button (its state also in its accessible name).
 * Memoised: a 5,000-character text is thousands of elements, drawn again only when the analysis or the selection
 * changes, not when the side panel does.
 */
export const ReadText = memo(function ReadText({ analysis, furigana, selected, onSelect }: ReadTextProps) {
  const paragraphs: ReactNode[][] = [[]];
  analysis.tokens.forEach((t, i) => {
    const lines = t.word === null ? t.text.split(/\r?\n/) : [t.text];
    lines.forEach((line, n) => {
      if (n > 0) paragraphs.push([]);
      if (!line) return;
      const para = paragraphs[paragraphs.length - 1];
      if (t.word === null) {
        para.push(
          <span key={`${i}-${n}`} className={t.skipped ? `read-skipped read-${t.skipped}` : undefined}>
            <Ruby furigana={lines.length === 1 ? t.furigana : null} text={line} mode={furigana} known={false} />
          </span>,
        );
        return;
      }
      const w = analysis.words[t.word];
      const index = t.word;
      para.push(
        <button
          key={i}
          type="button"
          className={`read-word read-${w.state}${selected === index ? ' read-selected' : ''}`}
          aria-pressed={selected === index}
          aria-label={`${t.text}: ${w.word}, ${STATE_LABELS[w.state].toLowerCase()}`}
          onClick={() => onSelect(index)}
        >
          <Ruby furigana={t.furigana} text={t.text} mode={furigana} known={w.state === 'known'} />
        </button>,
      );
    });
  });
  return (
    <div className="read-text" lang="ja" onCopy={handleJapaneseCopy}>
      {paragraphs.filter((p) => p.length).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
});
