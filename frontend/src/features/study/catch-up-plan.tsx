// Back from a break (issue 30, item 4): a pile of reviews offered as a plan, and a running plan's day. Loaded
// lazily by the study panel (study-overview.tsx) only when there is a pile or a plan.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { catchUpApi, type CatchUp } from './study-queries';

const number = (n: number) => n.toLocaleString('en-US');

/** A pile far above the usual load: a plan instead of the raw count. */
export function PlanOffer({ course, catchUp, onBegin }: { course: Course; catchUp: CatchUp; onBegin: () => void }) {
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
export function PlanToday({ course, catchUp, onBegin }: { course: Course; catchUp: CatchUp; onBegin: () => void }) {
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
