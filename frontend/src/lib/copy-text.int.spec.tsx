import { render } from '@testing-library/react';
import { copyWithoutReadings, installPlainCopy, PLAIN_COPY_SELECTOR, plainCopyOf } from './copy-text';
import { JapaneseText } from './japanese-text';

const SENTENCE = 'あの歌手[かしゅ]は 若[わか]い人[ひと]に人気[にんき]があります。';

/** A copy event as a browser dispatches it (jsdom has no ClipboardEvent): clipboardData is a small DataTransfer. */
function dispatchCopy(target: Element) {
  const data = new Map<string, string>();
  const event = new Event('copy', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '' },
  });
  target.dispatchEvent(event);
  return { text: data.get('text/plain'), prevented: event.defaultPrevented };
}

function select(start: Node, startOffset: number, end: Node, endOffset: number): Selection {
  const range = document.createRange();
  range.setStart(start, startOffset);
  range.setEnd(end, endOffset);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

function selectContents(node: Node): Selection {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

/** Selection.toString() as Chromium gives it: <rp> is display:none there, so the brackets are gone, the readings not. */
function likeChromium(selection: Selection, text: string) {
  jest.spyOn(selection, 'toString').mockReturnValue(text);
}

afterEach(() => {
  jest.restoreAllMocks();
  window.getSelection()?.removeAllRanges();
});

describe('copying rendered Japanese text (SPEC §5)', () => {
  it('puts the sentence without its readings on the clipboard, whatever Selection.toString() says', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} />);
    const sentence = container.querySelector('p')!;
    likeChromium(selectContents(sentence), 'あの歌手かしゅは若わかい人ひとに人気にんきがあります。');

    const copy = dispatchCopy(sentence);

    expect(copy.prevented).toBe(true);
    expect(copy.text).toBe('あの歌手は若い人に人気があります。');
  });

  it('copies a selection that starts inside a word with furigana and ends inside plain text', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} />);
    const sentence = container.querySelector('p')!;
    const base = [...sentence.querySelectorAll('ruby')].map((r) => r.firstChild as Text);
    const plain = [...sentence.childNodes].filter((n): n is Text => n.nodeType === Node.TEXT_NODE);
    // From 手 of 歌手 to the に after 人.
    likeChromium(select(base[0], 1, plain[3], 1), '手かしゅは若わかい人ひとに');

    expect(dispatchCopy(sentence).text).toBe('手は若い人に');
  });

  it('copies the highlighted target word and known words without their readings too', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} highlight="歌手" known={new Set(['人'])} />);
    const sentence = container.querySelector('p')!;
    expect(sentence.querySelector('mark rt')).toHaveTextContent('かしゅ');
    selectContents(sentence);

    expect(dispatchCopy(sentence).text).toBe('あの歌手は若い人に人気があります。');
  });

  it('keeps the spaces of English text selected after the sentence, on a line of its own', () => {
    const { container } = render(
      <div>
        <JapaneseText as="p" text={SENTENCE} />
        <p className="card-translation">That singer is popular with young people.</p>
      </div>,
    );
    const [sentence, translation] = container.querySelectorAll('p');
    select(sentence, 0, translation.firstChild!, 'That singer'.length);

    expect(dispatchCopy(sentence).text).toBe('あの歌手は若い人に人気があります。\nThat singer');
  });

  it("copies plain text when the furigana setting is 'none'", () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} furigana="none" />);
    const sentence = container.querySelector('p')!;
    selectContents(sentence);

    expect(dispatchCopy(sentence).text).toBe('あの歌手は若い人に人気があります。');
  });

  it('leaves the copy to the browser when only a reading is selected or nothing is', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} />);
    const sentence = container.querySelector('p')!;
    selectContents(sentence.querySelector('rt')!);
    expect(dispatchCopy(sentence)).toEqual({ text: undefined, prevented: false });

    window.getSelection()!.removeAllRanges();
    expect(dispatchCopy(sentence)).toEqual({ text: undefined, prevented: false });
  });

  it('does nothing without a clipboard on the event', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} />);
    const preventDefault = jest.fn();
    copyWithoutReadings({ clipboardData: null, preventDefault }, selectContents(container.querySelector('p')!));
    expect(preventDefault).not.toHaveBeenCalled();
  });

  it('exports what the browser test needs: the selector of copyable text and the expected clipboard text', () => {
    const { container } = render(<JapaneseText as="p" text={SENTENCE} />);
    const sentence = container.querySelector(PLAIN_COPY_SELECTOR)!;
    expect(sentence).toBe(container.querySelector('p'));
    selectContents(sentence);
    expect(dispatchCopy(sentence).text).toBe(plainCopyOf(SENTENCE));
    expect(plainCopyOf(SENTENCE)).toBe('あの歌手は若い人に人気があります。');
  });
});

describe('installPlainCopy: a selection that does not start in the sentence (issue 31)', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installPlainCopy(document);
  });
  afterEach(() => uninstall());

  it('copies the sentence without readings when the selection starts before it', () => {
    const { container } = render(
      <div>
        <h3>New Card 1/10</h3>
        <JapaneseText text={SENTENCE} />
      </div>,
    );
    const heading = container.querySelector('h3')!;
    const sentence = container.querySelector(PLAIN_COPY_SELECTOR)!;
    select(heading.firstChild!, 0, sentence, sentence.childNodes.length);
    // The browser dispatches the copy at the selection's start: the heading, outside the sentence.
    const copied = dispatchCopy(heading);
    expect(copied.prevented).toBe(true);
    expect(copied.text).toBe(`New Card 1/10\n${plainCopyOf(SENTENCE)}`);
  });

  it('copies the whole page without readings (Ctrl+A)', () => {
    render(
      <main>
        <p>Context: a word</p>
        <JapaneseText text={SENTENCE} as="p" />
      </main>,
    );
    selectContents(document.body);
    const copied = dispatchCopy(document.body);
    expect(copied.text).toContain(plainCopyOf(SENTENCE));
    expect(copied.text).not.toContain('かしゅ');
  });

  it('leaves a copy without Japanese text to the browser', () => {
    const { container } = render(<p>Only English here</p>);
    selectContents(container);
    expect(dispatchCopy(container).prevented).toBe(false);
  });
});
