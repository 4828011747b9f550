// The buttons under the card: "Show answer" on the question side, the grades on the answer side, then what can
// be done on either side (I already know it, the card's sounds, undo).
import type { ReactNode, Ref } from 'react';
import { Tooltip } from '../../components/ui/tooltip';
import { Button } from '../../components/ui/button';
import { PlayIcon } from '../../components/ui/icons';
import { gradeOutcome } from '../../lib/relative-time';
import { GradeBar } from './grade-bar';
import type { Flashcard, Grade } from './study-queries';
import { preventModifiedSpace } from './use-study-shortcuts';

/** What "I already know it" does (issue 15: known cards never hold the level back). */
export const KNOWN_TOOLTIP = 'Skips the lessons of a card you know: it counts as Intermediate for your level at once and comes back for a check in 29 days.';

export interface CardActionsProps {
  card: Flashcard;
  flipped: boolean;
  showAnswerRef: Ref<HTMLButtonElement>;
  /** The server is still busy with an answer: grading waits. */
  waiting: boolean;
  canKnow: boolean;
  /** Shown when there is an answer to take back; enabled when `canUndo`. */
  hasLastAnswer: boolean;
  canUndo: boolean;
  onFlip: () => void;
  onGrade: (grade: Grade) => void;
  onUndo: () => void;
  /** The sounds whose buttons show on this side (null: no button). */
  onPlayAudio: (() => void) | null;
  onPlayWord: (() => void) | null;
  onPlaySentence: (() => void) | null;
  /** The question side's typed-answer box, in place of "Show answer" (issue 31). */
  typedForm?: ReactNode;
  /** A wrong typed answer: "didn't get it" is the only grade. */
  onlyAgain?: boolean;
}

export function CardActions({
  card,
  flipped,
  showAnswerRef,
  waiting,
  canKnow,
  hasLastAnswer,
  canUndo,
  onFlip,
  onGrade,
  onUndo,
  onPlayAudio,
  onPlayWord,
  onPlaySentence,
  typedForm,
  onlyAgain,
}: CardActionsProps) {
  return (
    <div className="card-actions">
      {!flipped && typedForm ? (
        typedForm
      ) : !flipped ? (
        <Button ref={showAnswerRef} variant="primary" size="lg" onClick={onFlip} aria-keyshortcuts="Space" onKeyDown={preventModifiedSpace} onKeyUp={preventModifiedSpace}>
          Show answer
        </Button>
      ) : (
        <GradeBar card={card} waiting={waiting} onGrade={onGrade} onlyAgain={onlyAgain} />
      )}
      <div className="card-extra-actions">
        {canKnow ? (
          <Tooltip text={KNOWN_TOOLTIP}>
            <Button variant="ghost" onClick={() => onGrade(10)} disabled={waiting} aria-keyshortcuts="Escape">
              I already know it
              {card.next_intervals?.['10'] != null ? <span className="grade-interval"> {gradeOutcome(card.next_intervals['10'], true).text}</span> : null}
            </Button>
          </Tooltip>
        ) : null}
        {onPlayAudio ? (
          <Button variant="ghost" onClick={onPlayAudio} aria-keyshortcuts="A">
            <PlayIcon />
            Play audio
          </Button>
        ) : null}
        {onPlayWord ? (
          <Button variant="ghost" onClick={onPlayWord}>
            <PlayIcon />
            Word
          </Button>
        ) : null}
        {onPlaySentence ? (
          <Button variant="ghost" onClick={onPlaySentence}>
            <PlayIcon />
            Sentence
          </Button>
        ) : null}
        {hasLastAnswer ? (
          <Button variant="ghost" onClick={onUndo} disabled={!canUndo} aria-keyshortcuts="U" title="Take your last answer back and grade that card again">
            Undo last answer
          </Button>
        ) : null}
      </div>
    </div>
  );
}
