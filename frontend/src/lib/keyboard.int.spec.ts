import { isTypingTarget, shortcutFor } from './keyboard';

const key = (k: string, extra: Partial<Parameters<typeof shortcutFor>[0]> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body as EventTarget,
  ...extra,
});

describe('shortcutFor', () => {
  it('maps Space, a, 1/2/3 and Esc', () => {
    expect(shortcutFor(key(' '))).toBe('flip-or-next');
    expect(shortcutFor(key('a'))).toBe('play-audio');
    expect(shortcutFor(key('1'))).toBe('grade-0');
    expect(shortcutFor(key('2'))).toBe('grade-3');
    expect(shortcutFor(key('3'))).toBe('grade-5');
    expect(shortcutFor(key('Escape'))).toBe('already-know');
    expect(shortcutFor(key('x'))).toBeNull();
  });

  it.each(['ctrlKey', 'metaKey', 'altKey'] as const)('ignores keys with %s held', (modifier) => {
    expect(shortcutFor(key('1', { [modifier]: true }))).toBeNull();
  });

  it.each([
    ['input', '<input />'],
    ['textarea', '<textarea></textarea>'],
    ['select', '<select><option>x</option></select>'],
    ['contenteditable', '<div contenteditable="true"><span>x</span></div>'],
  ])('ignores keys typed in a %s', (_name, html) => {
    document.body.innerHTML = html;
    const target = document.body.querySelector('input, textarea, select, span') as HTMLElement;
    expect(isTypingTarget(target)).toBe(true);
    expect(shortcutFor(key('1', { target }))).toBeNull();
    expect(shortcutFor(key(' ', { target }))).toBeNull();
    document.body.innerHTML = '';
  });

  it('leaves Space on a focused button to the button, and ignores auto-repeat', () => {
    document.body.innerHTML = '<button>Show answer</button>';
    const button = document.body.querySelector('button')!;
    expect(shortcutFor(key(' ', { target: button }))).toBeNull();
    expect(shortcutFor(key('2', { target: button }))).toBe('grade-3');
    expect(shortcutFor(key('2', { repeat: true }))).toBeNull();
    document.body.innerHTML = '';
  });
});
