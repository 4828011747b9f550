// Small pieces the dictionary and the card back both show: a word's register note, a kanji's radical and parts.
import type { Radical } from '../../../contract/content';
import { WarningIcon } from './ui/icons';

// The radical's shape is the API contract's (issue 18): the card and the dictionary parse it with the same schema.
export { radicalSchema, type Radical } from '../../../contract/content';

/**
 * A register warning (vulgar, derogatory, can be rude). It must be seen wherever the word is taught, so it is
 * styled as a warning, never tucked behind a toggle.
 */
export function RegisterNote({ note, className }: { note?: string | null; className?: string }) {
  if (!note) return null;
  return (
    <p className={['register-note', className].filter(Boolean).join(' ')} role="note">
      <WarningIcon className="register-note-icon" />
      <span>
        <span className="visually-hidden">Usage warning: </span>
        {note}
      </span>
    </p>
  );
}

/** 言 speech (radical 149) */
export function RadicalText({ radical }: { radical: Radical }) {
  return (
    <>
      <span lang="ja" className="radical-char">
        {radical.character}
      </span>{' '}
      {radical.name ? <span>{radical.name} </span> : null}
      <span className="muted">(no. {radical.number})</span>
    </>
  );
}

/** 言 + 吾 */
export function ComponentsText({ components }: { components: readonly string[] }) {
  return (
    <span lang="ja" className="components-text">
      {components.map((c, i) => (
        <span key={`${c}-${i}`}>
          {i > 0 ? <span className="muted"> + </span> : null}
          {c}
        </span>
      ))}
    </span>
  );
}
