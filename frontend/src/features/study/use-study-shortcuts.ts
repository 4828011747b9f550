// The study panel's keyboard (SPEC §9): what each shortcut of lib/keyboard does to the session on screen, and the
// one key a focused button must not take (Ctrl+Space).
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { isModifiedSpace, shortcutFor, type ShortcutAction } from '../../lib/keyboard';
import type { StudySession } from './use-study-session';

export interface ShortcutTargets {
  study: StudySession;
  subscribed: boolean;
  /** The card's audio button is on screen; `playAudio` plays what it plays. */
  audioShown: boolean;
  playAudio: () => void;
}

/**
 * What `action` does now; true when it did something (its key's default is then prevented). Esc on a new card
 * without a subscription does nothing and calls `onKnownRefused`, so the panel can say why.
 */
function runShortcut(action: ShortcutAction, { study, subscribed, audioShown, playAudio }: ShortcutTargets, onKnownRefused: () => void): boolean {
  const { session } = study;
  if (action === 'undo') {
    if (!study.canUndo) return false;
    study.undoLast();
    return true;
  }
  if (!session) {
    if (action === 'flip-or-next' && study.next.data?.flashcard) {
      study.begin();
      return true;
    }
    return false;
  }
  switch (action) {
    case 'flip-or-next':
      if (!session.flipped) study.flip();
      return true;
    case 'play-audio':
      if (audioShown) playAudio();
      return audioShown;
    case 'grade-0':
      study.submit(0);
      return true;
    case 'grade-3':
      study.submit(3);
      return true;
    case 'grade-5':
      study.submit(5);
      return true;
    case 'already-know':
      if (!study.canKnow) {
        if (!subscribed && session.card.attempts === 0) onKnownRefused();
        return false;
      }
      study.submit(10);
      return true;
  }
}

/**
 * The shortcuts on `window` while `enabled` (the learner's setting), acting on what the panel shows at the key's
 * moment. Returns `knownRefused`: Esc was refused on this side of this card for want of a subscription (issue 31).
 */
export function useStudyShortcuts(enabled: boolean, targets: ShortcutTargets): { knownRefused: boolean } {
  const [knownRefused, setKnownRefused] = useState(false);
  const { session } = targets.study;
  useEffect(() => {
    setKnownRefused(false);
  }, [session?.card.flashcard_id, session?.flipped]);

  // Rebuilt after every render, so that a key acts on the panel as it is on screen.
  const actionRef = useRef<(action: ShortcutAction) => boolean>(() => false);
  useEffect(() => {
    actionRef.current = (action) => runShortcut(action, targets, () => setKnownRefused(true));
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (action && actionRef.current(action)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  return { knownRefused };
}

/**
 * For "Show answer": only the documented keys flip, Space alone (or Enter, as on any button), never Ctrl+Space
 * (Chromium clicks a focused button on Space whatever the modifiers; issue 31). On its keydown and its keyup.
 */
export function preventModifiedSpace(event: ReactKeyboardEvent): void {
  if (isModifiedSpace(event)) event.preventDefault();
}
