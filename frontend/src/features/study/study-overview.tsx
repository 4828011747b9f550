// Between sessions: the resting states of SPEC §4 (rest, arrival, lessons, reviews) with the button that starts a
// session, and how much of each open level can be studied yet.
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { COURSE_INFO, type Course } from '../../lib/courses';
import { usePaymentsAvailable } from '../../lib/profile';
import { formatWait } from '../../lib/relative-time';
import { batchSize, overviewOf } from './session';
import type { NextCard } from './study-queries';

export interface OverviewProps {
  query: { data?: NextCard; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  course: Course;
  subscribed: boolean;
  finished: boolean;
  onBegin: () => void;
}

/** The panel between sessions: loading, the error with Try again, or the resting state and its start button. */
export function Overview({ query, course, subscribed, finished, onBegin }: OverviewProps) {
  const paymentsAvailable = usePaymentsAvailable();
  if (query.isPending) return <p className="loading">Loading...</p>;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(query.error)}</p>
        <Button onClick={() => query.refetch()}>Try again</Button>
      </div>
    );
  }
  const data = query.data;
  const state = overviewOf(data);
  const learn = `Learn ${batchSize(data.new_available)} new cards`;
  return (
    <div className={`study-state study-state-${state}`} data-state={state}>
      {finished ? (
        <p role="status" className="notice notice-success">
          Session complete. Well done!
        </p>
      ) : null}
      {state === 'rest' ? (
        <>
          <h3>All caught up</h3>
          <p className="study-state-main">
            {data.user_next_review_in_minutes != null ? `Next reviews in ${formatWait(data.user_next_review_in_minutes)}` : 'No reviews scheduled yet.'}
          </p>
          {!subscribed && paymentsAvailable ? (
            <div className="upsell">
              <p>Subscribe to unlock levels 2–9 of {COURSE_INFO[course].name} and every dictionary tab.</p>
              <SubscribeForm />
            </div>
          ) : null}
        </>
      ) : null}
      {state === 'arrival' ? (
        <>
          <h3>Welcome to {COURSE_INFO[course].name}</h3>
          <p>You learn in batches of 10 new cards, then review them. Each card starts face down: recall, flip, and say how it went.</p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            {learn}
          </Button>
        </>
      ) : null}
      {state === 'lessons' ? (
        <>
          <h3>New cards</h3>
          <p>No reviews are due. {data.new_available > 0 ? `${data.new_available} new cards are waiting.` : 'New cards are waiting.'}</p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            {learn}
          </Button>
        </>
      ) : null}
      {state === 'reviews' ? (
        <>
          <h3>Reviews</h3>
          <p className="study-state-main">
            <strong className="review-count">{data.review_count}</strong> {data.review_count === 1 ? 'review' : 'reviews'} ready
          </p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            Review
          </Button>
        </>
      ) : null}
      <Availability levels={data.incomplete_levels} />
    </div>
  );
}

/** Honest availability: the open levels whose cards are not all written yet say how many can be studied. */
function Availability({ levels }: { levels: NextCard['incomplete_levels'] }) {
  if (!levels.length) return null;
  return (
    <div className="notice availability" role="note">
      {levels.map((l) => (
        <p key={l.level}>
          Level {l.level}: {l.available} of {l.cards} cards available.
        </p>
      ))}
      <p className="muted small">The other cards are still getting their example sentences; they appear here as soon as they are ready, and a level counts as complete only when all of its cards are learned.</p>
    </div>
  );
}
