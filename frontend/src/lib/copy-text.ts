// What a copy of rendered Japanese text puts on the clipboard (SPEC §5: copying strips the furigana and the
// whitespace). The text is read from the selection's DOM nodes, not from Selection.toString(): browsers differ
// there (Chromium leaves out the display:none <rp> brackets but keeps the <rt> readings, giving 歌手かしゅ, which
// no bracket-stripping can undo). Readings (<rt>) and their brackets (<rp>) are left out wherever they are.
// Plain DOM, no React: the browser tests (frontend/e2e) can import it too.
import { plainText } from './furigana';
import { cleanCopiedText } from './sentence';

/** The attribute on every element whose copy handler writes the plain text (JapaneseText's container). */
export const PLAIN_COPY_ATTRIBUTE = 'data-copy';
/** Selects the elements whose copy gives the text without readings: the e2e copy test copies from one of them. */
export const PLAIN_COPY_SELECTOR = `[${PLAIN_COPY_ATTRIBUTE}="plain"]`;

/**
 * What copying the whole of a text written in furigana notation gives: `歌手[かしゅ]は 若[わか]い` → `歌手は若い`
 * (the expected clipboard content of the browser test).
 */
export function plainCopyOf(notation: string): string {
  return cleanCopiedText(plainText(notation));
}

const READING_TAGS = new Set(['RT', 'RP']);
const BLOCK_TAGS = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'SECTION', 'TABLE', 'TD', 'TH', 'TR', 'UL']);

function elementOf(node: Node): Element | null {
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

/** Inside a reading: an <rt> or <rp> between the node and the top of the document. */
function inReading(node: Node): boolean {
  for (let el = elementOf(node); el; el = el.parentElement) if (READING_TAGS.has(el.tagName)) return true;
  return false;
}

/** Japanese text: its whitespace is dropped on copy. Other text (an English translation) keeps its spaces. */
function isJapanese(node: Node): boolean {
  const lang = elementOf(node)?.closest('[lang]')?.getAttribute('lang') ?? '';
  return lang.toLowerCase().startsWith('ja');
}

function blockOf(node: Node): Element | null {
  for (let el = elementOf(node); el; el = el.parentElement) if (BLOCK_TAGS.has(el.tagName)) return el;
  return null;
}

/** The text nodes of a range, in document order (a range inside one text node has just that one). */
function textNodesOf(range: Range): Text[] {
  const root = range.commonAncestorContainer;
  if (root.nodeType === 3) return [root as Text];
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (range.intersectsNode(node)) nodes.push(node as Text);
  return nodes;
}

/**
 * The text of one range as it should be copied: readings left out; Japanese runs without whitespace or leftover
 * `[bracketed]` readings (cleanCopiedText); a line break between blocks (a sentence and its translation).
 */
export function rangeCopyText(range: Range): string {
  const lines: string[] = [];
  let line = '';
  let run = '';
  let runJapanese = false;
  let lastBlock: Element | null | undefined;
  const endRun = () => {
    line += runJapanese ? cleanCopiedText(run) : run.replace(/\s+/g, ' ');
    run = '';
  };
  // Blank lines (whitespace between blocks) are dropped.
  const endLine = () => {
    endRun();
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const node of textNodesOf(range)) {
    if (inReading(node)) continue;
    const start = node === range.startContainer ? range.startOffset : 0;
    const end = node === range.endContainer ? range.endOffset : node.data.length;
    const text = node.data.slice(start, end);
    if (!text) continue;
    const japanese = isJapanese(node);
    const block = blockOf(node);
    if (lastBlock !== undefined && block !== lastBlock) endLine();
    else if (japanese !== runJapanese) endRun();
    runJapanese = japanese;
    lastBlock = block;
    run += text;
  }
  endLine();
  return lines.join('\n');
}

/** The selection's text as it should be copied (several ranges: one line each). */
export function selectionCopyText(selection: Selection): string {
  const parts: string[] = [];
  for (let i = 0; i < selection.rangeCount; i += 1) {
    const text = rangeCopyText(selection.getRangeAt(i));
    if (text) parts.push(text);
  }
  return parts.join('\n');
}

/** The part of a copy event the handler needs (a DOM ClipboardEvent or React's). */
export interface CopyEventLike {
  clipboardData: DataTransfer | null;
  preventDefault(): void;
}

/**
 * Copy handler for rendered Japanese text: puts the selected text without readings on the clipboard as
 * text/plain. Leaves the browser alone when nothing would be left (a selection of readings only) or when the
 * event carries no clipboard.
 */
export function copyWithoutReadings(event: CopyEventLike, selection: Selection | null = typeof window === 'undefined' ? null : window.getSelection()): void {
  if (!selection || selection.isCollapsed || !event.clipboardData) return;
  const text = selectionCopyText(selection);
  if (!text) return;
  event.preventDefault();
  event.clipboardData.setData('text/plain', text);
}

/** Whether a selection takes in any rendered Japanese text (a JapaneseText container, or part of one). */
function touchesPlainCopyText(selection: Selection): boolean {
  for (let i = 0; i < selection.rangeCount; i += 1) {
    const range = selection.getRangeAt(i);
    const start = elementOf(range.commonAncestorContainer);
    if (start?.closest(PLAIN_COPY_SELECTOR)) return true;
    const root = range.commonAncestorContainer;
    if (root.nodeType !== 1 && root.nodeType !== 9) continue;
    for (const el of (root as Element | Document).querySelectorAll(PLAIN_COPY_SELECTOR)) if (range.intersectsNode(el)) return true;
  }
  return false;
}

/**
 * A copy anywhere in the document that takes in rendered Japanese text: without readings too. The browser sends
 * the copy event to where the selection starts, so a selection begun before a sentence, or Ctrl+A, never reached
 * the sentence's own handler and kept its furigana (issue 31). Installed once on the document (main.tsx); a copy
 * the sentence's handler already wrote is left alone. Returns the uninstaller.
 */
export function installPlainCopy(doc: Document): () => void {
  const onCopy = (event: ClipboardEvent) => {
    if (event.defaultPrevented) return;
    const selection = doc.getSelection();
    if (!selection || !touchesPlainCopyText(selection)) return;
    copyWithoutReadings(event, selection);
  };
  doc.addEventListener('copy', onCopy);
  return () => doc.removeEventListener('copy', onCopy);
}
