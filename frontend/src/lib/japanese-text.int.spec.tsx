import { fireEvent, render } from '@testing-library/react';
import { JapaneseText, rubyLook, targetLook } from './japanese-text';

describe('JapaneseText', () => {
  it('renders furigana as <ruby> with <rt>, never as HTML', () => {
    const { container } = render(<JapaneseText text="私[わたし]は日本語[にほんご]を<b>勉強</b>" />);
    const rubies = container.querySelectorAll('ruby');
    expect(rubies).toHaveLength(2);
    expect(rubies[1].firstChild?.textContent).toBe('日本語');
    expect(rubies[1].querySelector('rt')).toHaveTextContent('にほんご');
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<b>勉強</b>');
    expect(container.firstElementChild).toHaveAttribute('lang', 'ja');
  });

  it('makes the furigana of known words faint', () => {
    const { container } = render(<JapaneseText text="私[わたし]は日本語[にほんご]" known={new Set(['私'])} />);
    const [known, unknown] = container.querySelectorAll('ruby');
    expect(known).toHaveClass('ruby-faint');
    expect(unknown).not.toHaveClass('ruby-faint');
  });

  it("hides every reading when the furigana setting is 'none'", () => {
    const { container } = render(<JapaneseText text="私[わたし]は日本語[にほんご]" furigana="none" />);
    expect(container.querySelector('ruby')).toBeNull();
    expect(container.querySelector('rt')).toBeNull();
    expect(container).toHaveTextContent('私は日本語');
  });

  it("is faint everywhere with 'faint', and hides known words then", () => {
    expect(rubyLook('faint', false)).toBe('faint');
    expect(rubyLook('faint', true)).toBe('hidden');
    expect(rubyLook('show', true)).toBe('faint');
    expect(rubyLook('show', false)).toBe('visible');
    expect(rubyLook('none', false)).toBe('hidden');
  });

  it('highlights the target word but not the particles around it', () => {
    const { container } = render(<JapaneseText text="日本語[にほんご]は日本[にほん]の言葉[ことば]" highlight="日本語" />);
    const marks = container.querySelectorAll('mark.target');
    expect(marks).toHaveLength(1);
    expect(marks[0].querySelector('ruby')?.firstChild?.textContent).toBe('日本語');
    expect([...marks].some((m) => m.textContent?.includes('は'))).toBe(false);
  });

  it('hides the reading of the highlighted word on the question side', () => {
    const { container } = render(<JapaneseText text="毎日[まいにち]走[はし]ります" highlight="毎日" hideHighlightedReading />);
    expect(container.querySelector('mark')).toHaveTextContent('毎日');
    expect(container.querySelector('mark rt')).toBeNull();
    expect(container.querySelector('rt')).toHaveTextContent('はし');
  });

  it("shows the target word's reading fully even when the word is known or the setting is 'faint'", () => {
    const text = '私[わたし]は日本語[にほんご]を勉強[べんきょう]します';
    const known = new Set(['私', '日本語']);
    for (const furigana of ['show', 'faint'] as const) {
      const { container, unmount } = render(<JapaneseText text={text} furigana={furigana} known={known} highlight="日本語" />);
      const target = container.querySelector('mark ruby')!;
      expect(target.querySelector('rt')).toHaveTextContent('にほんご');
      expect(target).not.toHaveClass('ruby-faint');
      // Other known words stay quieter: faint with 'show', hidden with 'faint'.
      const watashi = [...container.querySelectorAll('ruby')].find((r) => r.firstChild?.textContent === '私');
      if (furigana === 'show') expect(watashi).toHaveClass('ruby-faint');
      else expect(watashi).toBeUndefined();
      unmount();
    }
    expect(targetLook('none', false)).toBe('hidden');
    expect(targetLook('show', true)).toBe('hidden');
    expect(targetLook('faint', false)).toBe('visible');
  });

  it('copies the text without bracketed furigana and whitespace', () => {
    const { container } = render(<JapaneseText as="p" text="私[わたし]は 日本語[にほんご]を勉強[べんきょう]します。" />);
    const paragraph = container.querySelector('p')!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    expect(selection.toString()).toContain('[にほんご]');

    const setData = jest.fn();
    fireEvent.copy(paragraph, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', '私は日本語を勉強します。');
  });
});
