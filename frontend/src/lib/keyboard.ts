// Study shortcuts (SPEC §9): Space flip/next, a play audio, 1/2/3 grades, Esc already know, u undo the last answer.

export type ShortcutAction = 'flip-or-next' | 'play-audio' | 'grade-0' | 'grade-3' | 'grade-5' | 'already-know' | 'undo';

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

const KEYS: Record<string, ShortcutAction> = {
  ' ': 'flip-or-next',
  Spacebar: 'flip-or-next',
  a: 'play-audio',
  A: 'play-audio',
  '1': 'grade-0',
  '2': 'grade-3',
  '3': 'grade-5',
  Escape: 'already-know',
  Esc: 'already-know',
  u: 'undo',
  U: 'undo',
};

/** True while the person types into a field: shortcuts must not steal their keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

function isActivatable(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], summary, [role="button"], [role="tab"], [role="menuitem"]') !== null;
}

/** The study action for a key press, or null when the press is not a shortcut or must be left alone. */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.repeat || event.defaultPrevented) return null;
  if (isTypingTarget(event.target)) return null;
  const action = KEYS[event.key];
  if (!action) return null;
  // Space on a focused button or link already activates it; acting on it twice would flip and grade at once.
  if (action === 'flip-or-next' && isActivatable(event.target)) return null;
  return action;
}

/**
 * Space with Ctrl, Alt or Meta: no shortcut, but a focused button would still take it as a click (Chromium
 * activates a button on Space whatever the modifiers), so Ctrl+Space on "Show answer" flipped the card (issue 31).
 */
export function isModifiedSpace(event: Pick<KeyLike, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (event.key === ' ' || event.key === 'Spacebar') && (event.ctrlKey || event.metaKey || event.altKey);
}

export const SHORTCUT_HINT: Array<[keys: string, what: string]> = [
  ['Space', 'flip / next'],
  ['A', 'play audio'],
  ['1 2 3', 'grade'],
  ['Esc', 'I already know it'],
  ['U', 'undo last answer'],
];

/** What Esc does for a learner without a subscription: nothing, so its hint says why. */
export const KNOWN_NEEDS_SUBSCRIPTION = 'I already know it (subscribers)';

/** The hint line as this learner has it: "I already know it" is a subscriber's (the server refuses it otherwise). */
export function shortcutHint(subscribed: boolean): Array<[keys: string, what: string]> {
  return SHORTCUT_HINT.map(([keys, what]) => (keys === 'Esc' && !subscribed ? [keys, KNOWN_NEEDS_SUBSCRIPTION] : [keys, what]));
}
