// The answer side's grades: three buttons, each with what it does to the card (SPEC §4).
import { Button } from '../../components/ui/button';
import { gradeOutcomes } from '../../lib/relative-time';
import type { Flashcard, Grade } from './study-queries';

export const GRADES: Array<{ grade: Exclude<Grade, 10>; label: string; key: string }> = [
  { grade: 0, label: "Didn't get it", key: '1' },
  { grade: 3, label: 'Got it, hard', key: '2' },
  { grade: 5, label: 'Got it, easy', key: '3' },
];

/**
 * The three grades with what each does to the card (its `next_intervals`), said once when all do the same.
 * `onlyAgain`: a wrong typed answer, whose only grade is "didn't get it" (the server records nothing else).
 */
export function GradeBar({ card, waiting, onGrade, onlyAgain = false }: { card: Flashcard; waiting: boolean; onGrade: (grade: Grade) => void; onlyAgain?: boolean }) {
  const shown = onlyAgain ? GRADES.filter((g) => g.grade === 0) : GRADES;
  const outcomes = gradeOutcomes(card.next_intervals, shown.map((g) => g.grade), card.attempts === 0);
  return (
    <>
      {outcomes.shared ? <p className="grade-shared-outcome muted small">{outcomes.shared}</p> : null}
      <div role="group" aria-label="How well did you know it?" className={`grade-buttons${onlyAgain ? ' grade-buttons-one' : ''}`}>
        {shown.map(({ grade: value, label, key }) => {
          const outcome = outcomes.perGrade[String(value)];
          return (
            <Button key={value} className={`grade grade-${value}`} onClick={() => onGrade(value)} disabled={waiting} aria-keyshortcuts={key} title={outcome?.hint}>
              <span className="grade-label">{label}</span>
              {outcome ? <span className="grade-interval">{outcome.text}</span> : null}
            </Button>
          );
        })}
      </div>
    </>
  );
}
