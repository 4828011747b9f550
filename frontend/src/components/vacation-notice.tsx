// The home and course pages while the learner is on vacation: it says so, and Resume ends it (issue 30, item 4).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { profileQuery, type Profile } from '../lib/profile';
import { queryKeys } from '../lib/query-keys';
import { endVacation, formatDay } from '../lib/vacation';
import { Button } from './ui/button';

/**
 * Nothing unless the learner is on vacation. Studying is not blocked (docs/decisions.md): `onStudy`, where a session
 * can start (the study panel), offers it; a card reviewed on vacation keeps that review's schedule and is not moved
 * at the end.
 */
export function VacationNotice({ onStudy }: { onStudy?: () => void }) {
  const profile = useQuery({ ...profileQuery, enabled: false });
  const queryClient = useQueryClient();
  const resume = useMutation({
    mutationFn: () => endVacation(),
    // The notice goes at once; every count moves with the due dates, so everything is read again.
    onSuccess: () => {
      queryClient.setQueryData<Profile>(queryKeys.profile, (p) => (p ? { ...p, vacation: null } : p));
      return queryClient.invalidateQueries();
    },
  });
  const vacation = profile.data?.vacation;
  if (!vacation) return null;
  const since = new Date(vacation.started_at).toLocaleDateString(undefined, { day: 'numeric', month: 'long' });
  return (
    <section className="notice vacation-notice" role="status" aria-label="Vacation">
      <p>
        <strong>You are on vacation</strong> since {since}
        {vacation.returns_on ? <>, back on {formatDay(vacation.returns_on)}</> : null}. Your reviews are paused: none pile up, and your levels
        and study days are kept. You may still study: a card you review now keeps its new schedule.
      </p>
      <div className="form-actions">
        <Button variant="primary" onClick={() => resume.mutate()} disabled={resume.isPending}>
          {resume.isPending ? 'Resuming…' : 'Resume studying'}
        </Button>
        {onStudy ? (
          <Button variant="ghost" onClick={onStudy}>
            Study anyway
          </Button>
        ) : null}
      </div>
      {resume.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(resume.error)}
        </p>
      ) : null}
    </section>
  );
}
