// The end of a lesson batch or a review session: what was done, what was missed, what comes next.
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../components/ui/button';
import { formatWait } from '../../lib/relative-time';
import { batchSize, overviewOf, reviewsToServe } from './session';
import type { Flashcard, Grade, NextCard } from './study-queries';

export interface SessionTally {
  /** ms since the epoch */
  startedAt: number;
  finishedAt?: number;
  /** every answer given, in order (a failed review that came back is answered twice) */
  answers: Array<{ card: Flashcard; grade: Grade }>;
}

export interface SummaryFigures {
  cards: number;
  /** share of answers that were not "Didn't get it", 0–1 */
  correct: number;
  failed: Flashcard[];
  seconds: number;
}

/** Pure: the figures the summary shows. */
export function summaryFigures(tally: SessionTally, now: number = Date.now()): SummaryFigures {
  const ids = new Set(tally.answers.map((a) => a.card.flashcard_id));
  const failed = new Map<string, Flashcard>();
  for (const a of tally.answers) if (a.grade === 0 && !failed.has(a.card.flashcard_id)) failed.set(a.card.flashcard_id, a.card);
  const right = tally.answers.filter((a) => a.grade !== 0).length;
  return {
    cards: ids.size,
    correct: tally.answers.length ? right / tally.answers.length : 0,
    failed: [...failed.values()],
    seconds: Math.max(0, Math.round(((tally.finishedAt ?? now) - tally.startedAt) / 1000)),
  };
}

/** "4 min 10 s", "45 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What a card teaches, in a line: the written form, its reading, its meaning. */
export function cardLine(card: Flashcard): { written: string; reading: string; meaning: string } {
  const m = card.material;
  if (m.kana) return { written: m.kana, reading: m.romaji ?? '', meaning: m.vocab ? `as in ${m.vocab}` : '' };
  if (m.reading) return { written: m.kanji ?? '', reading: m.reading, meaning: m.vocab ? `${m.vocab} (${m.vocab_hiragana ?? ''}) ${m.vocab_meaning ?? ''}`.trim() : (m.meanings ?? []).join(', ') };
  return { written: m.vocab ?? '', reading: m.vocab_hiragana ?? '', meaning: m.vocab_meaning ?? '' };
}

export interface SessionSummaryProps {
  tally: SessionTally;
  next: NextCard | undefined;
  onLearnMore: () => void;
  /** present while the last answer can still be taken back */
  onUndo?: () => void;
  undoDisabled?: boolean;
}

export function SessionSummary({ tally, next, onLearnMore, onUndo, undoDisabled }: SessionSummaryProps) {
  const f = summaryFigures(tally);
  const state = next ? overviewOf(next) : null;
  return (
    <div className="session-summary" data-state="summary">
      <p role="status" className="notice notice-success">
        Session complete. Well done!
      </p>
      <dl className="summary-figures">
        <div>
          <dt>Cards</dt>
          <dd>{f.cards}</dd>
        </div>
        <div>
          <dt>Correct</dt>
          <dd>{Math.round(f.correct * 100)}%</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(f.seconds)}</dd>
        </div>
      </dl>
      {f.failed.length ? (
        <section aria-labelledby="summary-failed">
          <h3 id="summary-failed">To look at again ({f.failed.length})</h3>
          <ul className="summary-failed">
            {f.failed.map((card) => {
              const line = cardLine(card);
              return (
                <li key={card.flashcard_id}>
                  <details>
                    <summary lang="ja">{line.written}</summary>
                    <p>
                      <span lang="ja">{line.reading}</span>
                      {line.meaning ? ` — ${line.meaning}` : ''}
                    </p>
                    {card.material.sentence ? (
                      <p lang="ja" className="summary-sentence">
                        {card.material.sentence}
                        {card.material.sentence_meaning ? <span className="muted small" lang="en"> {card.material.sentence_meaning}</span> : null}
                      </p>
                    ) : null}
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      ) : (
        <p>No card missed.</p>
      )}
      <p className="summary-next">{nextReviewsText(next)}</p>
      <div className="summary-actions">
        {next && (state === 'lessons' || state === 'arrival') ? (
          <Button variant="primary" size="lg" onClick={onLearnMore}>
            Learn {batchSize(next.new_available)} more
          </Button>
        ) : null}
        {next && state === 'reviews' ? (
          <Button variant="primary" size="lg" onClick={onLearnMore}>
            Review {reviewsToServe(next)} {next.plan_left_today == null ? 'due' : 'more today'}
          </Button>
        ) : null}
        <Link className={buttonClass('secondary', 'lg')} to="/">
          Back to dashboard
        </Link>
        {onUndo ? (
          <Button variant="ghost" onClick={onUndo} disabled={undoDisabled} aria-keyshortcuts="U">
            Undo last answer
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function nextReviewsText(next: NextCard | undefined): string {
  if (!next) return '';
  // A catch-up plan: the day's share, as the server will serve it (once it is done, the plan below says so).
  if (next.plan_left_today === 0) return '';
  if (next.plan_left_today) return `${next.plan_left_today} of today's plan left.`;
  if (next.review_count > 0) return `${next.review_count} ${next.review_count === 1 ? 'review is' : 'reviews are'} due now.`;
  if (next.user_next_review_in_minutes != null) return `Next reviews in ${formatWait(next.user_next_review_in_minutes)}.`;
  return 'No reviews scheduled yet.';
}
