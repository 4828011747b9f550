// Between sessions: the resting states of SPEC §4 (rest, arrival, lessons, reviews) with the button that starts a
// session, and how much of each open level can be studied yet.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { COURSE_INFO, type Course } from '../../lib/courses';
import { usePaymentsAvailable } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { formatWait } from '../../lib/relative-time';
import { batchSize, overviewOf } from './session';
import { catchUpApi, catchUpQuery, type CatchUp, type NextCard } from './study-queries';

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

const number = (n: number) => n.toLocaleString('en-US');

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

/** A pile far above the usual load: a plan instead of the raw count. */
function PlanOffer({ course, catchUp, onBegin }: { course: Course; catchUp: CatchUp; onBegin: () => void }) {
  const queryClient = useQueryClient();
  const choices = catchUp.offer?.choices ?? [];
  const [days, setDays] = useState(() => choices.find((c) => c.days === 7)?.days ?? choices[0]?.days ?? 7);
  const id = useId();
  const choose = useMutation({
    mutationFn: () => catchUpApi.choose(course, days),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.study(course) }),
  });
  const perDay = choices.find((c) => c.days === days)?.per_day ?? 0;
  return (
    <div className="catch-up">
      <h3>Welcome back</h3>
      <p className="study-state-main" aria-live="polite">
        <strong className="review-count">{number(catchUp.reviews_due)}</strong> reviews due — clear them in {days} days: about{' '}
        <strong>{number(perDay)}</strong> a day, the most at risk first.
      </p>
      <fieldset className="plan-days">
        <legend id={id}>Clear them in</legend>
        {choices.map((c) => (
          <label key={c.days} className={`plan-day${c.days === days ? ' plan-day-chosen' : ''}`}>
            <input type="radio" name={`${id}-days`} value={c.days} checked={c.days === days} onChange={() => setDays(c.days)} />
            <span>{c.days} days</span>
            <span className="muted small">{number(c.per_day)} a day</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button variant="primary" size="lg" onClick={() => choose.mutate()} disabled={choose.isPending}>
          Start the {days}-day plan
        </Button>
        <Button variant="ghost" onClick={onBegin}>
          Review without a plan
        </Button>
      </div>
      <p className="muted small">Your usual load is about {number(catchUp.usual_daily)} reviews a day.</p>
      {choose.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(choose.error)}
        </p>
      ) : null}
    </div>
  );
}

/** A plan running: today's share, or that it is done (and the choice to go on). */
function PlanToday({ course, catchUp, onBegin }: { course: Course; catchUp: CatchUp; onBegin: () => void }) {
  const queryClient = useQueryClient();
  const plan = catchUp.plan!;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
  const goOn = useMutation({ mutationFn: () => catchUpApi.continue(course), onSuccess: refresh });
  const drop = useMutation({ mutationFn: () => catchUpApi.drop(course), onSuccess: refresh });
  const left = Math.max(0, plan.daily_quota - plan.done_today);
  const failed = goOn.error ?? drop.error;
  return (
    <div className="catch-up">
      <h3>
        Catch-up plan · day {Math.min(plan.day, plan.days)} of {plan.days}
      </h3>
      {plan.done_for_today ? (
        <>
          <p className="study-state-main" role="status">
            Today&apos;s plan is done: {number(plan.done_today)} reviews. {number(catchUp.reviews_due)} left for the coming days.
          </p>
          <div className="form-actions">
            <Button variant="primary" onClick={() => goOn.mutate()} disabled={goOn.isPending}>
              Keep going today
            </Button>
            <Button variant="ghost" onClick={() => drop.mutate()} disabled={drop.isPending}>
              End the plan
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="study-state-main">
            {plan.continued_today ? (
              <>
                Today&apos;s {number(plan.daily_quota)} are done; going on with the most at risk. <strong className="review-count">{number(catchUp.reviews_due)}</strong> due.
              </>
            ) : (
              <>
                <strong className="review-count">{number(left)}</strong> of today&apos;s {number(plan.daily_quota)} reviews to go, the most at risk first ({number(catchUp.reviews_due)}{' '}
                due in all).
              </>
            )}
          </p>
          <div className="form-actions">
            <Button variant="primary" size="lg" onClick={onBegin}>
              Review
            </Button>
            <Button variant="ghost" onClick={() => drop.mutate()} disabled={drop.isPending}>
              End the plan
            </Button>
          </div>
        </>
      )}
      {failed ? (
        <p role="alert" className="field-error">
          {errorMessage(failed)}
        </p>
      ) : null}
    </div>
  );
}
