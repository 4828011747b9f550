// The study panel's notices: a level reached, offline, a grade or an undo the server refused, and why Esc did
// nothing without a subscription.
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { errorMessage, isApiError } from '../../lib/api';
import { COURSE_INFO, type Course } from '../../lib/courses';

export const OFFLINE_MESSAGE = 'You are offline — your answer will be sent when you reconnect';

export function LevelUpNotice({ level, course }: { level: number; course: Course }) {
  return (
    <p role="status" className="notice notice-success">
      Level up! You reached level {level} in {COURSE_INFO[course].name}.
    </p>
  );
}

export function OfflineNotice() {
  return (
    <p role="status" className="notice notice-warning">
      {OFFLINE_MESSAGE}
    </p>
  );
}

/** Esc on a new card without a subscription (issue 31): says why nothing happened, with Subscribe. */
export function KnownRefusedNotice() {
  return (
    <div role="status" className="notice known-refused">
      <p>Skipping a card you already know (Esc) comes with a subscription; without one, every card is learned in its lessons.</p>
      <SubscribeForm size="sm" unavailableText={null} />
    </div>
  );
}

/** A grade the server did not record: Subscribe (402), Reload (409: the card was graded elsewhere), else Try again. */
export function GradeError({ error, onRetry, onReload }: { error: unknown; onRetry: () => void; onReload: () => void }) {
  if (isApiError(error, 402)) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(error)}</p>
        <SubscribeForm />
      </div>
    );
  }
  if (isApiError(error, 409)) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(error)}</p>
        <Button onClick={onReload}>Reload</Button>
      </div>
    );
  }
  return (
    <div role="alert" className="notice notice-error">
      <p>{errorMessage(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** Why the last answer could not be taken back, on the card or on the summary. */
export function UndoRefusedNotice({ error }: { error: unknown }) {
  return (
    <p role="alert" className="notice notice-error">
      {errorMessage(error)}
    </p>
  );
}
