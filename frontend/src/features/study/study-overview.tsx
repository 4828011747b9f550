// Between sessions: the resting states of SPEC §4 (rest, arrival, lessons, reviews) with the button that starts a
// session, and how much of each open level can be studied yet.
import { useQuery } from '@tanstack/react-query';
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { COURSE_INFO, type Course } from '../../lib/courses';
import { usePaymentsAvailable } from '../../lib/profile';
import { lazyComponent } from '../../lib/lazy-component';
import { formatWait } from '../../lib/relative-time';
import { batchSize, overviewOf } from './session';
import { catchUpQuery, type NextCard } from './study-queries';

// The plan's screens are shown only to a learner back to a pile: a chunk of their own, asked for as soon as the
// plan is known (the course page's preload carries it, app/page-preload.ts), not part of every first screen.
const loadPlan = () => import('./catch-up-plan');
const planLoading = () => <p className="loading">Loading...</p>;
const PlanOffer = lazyComponent(() => loadPlan().then((m) => m.PlanOffer), planLoading);
const PlanToday = lazyComponent(() => loadPlan().then((m) => m.PlanToday), planLoading);

/** Fetches the plan's chunk ahead, when an answer says there is a pile or a plan. */
export function preloadPlanScreens(): void {
  PlanOffer.preload();
  PlanToday.preload();
}

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
  const reviewCount = query.data?.review_count ?? 0;
  // Only a course with reviews due can have a pile or a plan: no request otherwise.
  const catchUp = useQuery({ ...catchUpQuery(course, reviewCount), enabled: reviewCount > 0 });
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
  const plan = catchUp.data?.plan ?? null;
  const offer = state === 'reviews' ? (catchUp.data?.offer ?? null) : null;
  if (plan?.done_for_today || offer || (plan && state === 'reviews')) {
    return (
      <div className="study-state study-state-plan" data-state="plan">
        {finished ? (
          <p role="status" className="notice notice-success">
            Session complete. Well done!
          </p>
        ) : null}
        {offer && catchUp.data ? <PlanOffer course={course} catchUp={catchUp.data} onBegin={onBegin} /> : null}
        {plan ? <PlanToday course={course} catchUp={catchUp.data!} onBegin={onBegin} /> : null}
      </div>
    );
  }
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

/** After a session's summary: where the running plan stands (the day's share done, or what is left of it). */
export function PlanAfterSession({ course, reviewCount, onBegin }: { course: Course; reviewCount: number; onBegin: () => void }) {
  const catchUp = useQuery({ ...catchUpQuery(course, reviewCount), enabled: reviewCount > 0 });
  if (!catchUp.data?.plan) return null;
  return (
    <div className="study-state study-state-plan" data-state="plan">
      <PlanToday course={course} catchUp={catchUp.data} onBegin={onBegin} />
    </div>
  );
}
