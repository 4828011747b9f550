// The line under the panel that lists the study shortcuts, as this learner has them (lib/keyboard).
import { shortcutHint } from '../../lib/keyboard';

export function ShortcutHint({ subscribed }: { subscribed: boolean }) {
  return (
    <p className="shortcut-hint">
      <span className="visually-hidden">Keyboard shortcuts: </span>
      {shortcutHint(subscribed).map(([keys, what]) => (
        <span key={keys} className="shortcut">
          <kbd>{keys}</kbd> {what}
        </span>
      ))}
    </p>
  );
}
