// The small pieces every dictionary view shares: loading, failure, the subscription lock, an entry's detail, audio.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { SubscribeForm } from '../../components/subscribe-form';
import { Button } from '../../components/ui/button';
import { LockIcon, PlayIcon } from '../../components/ui/icons';
import { errorMessage } from '../../lib/api';
import { playAudio } from '../../lib/audio';
import { usePaymentsAvailable } from '../../lib/profile';

export function LockedTab() {
  const paymentsAvailable = usePaymentsAvailable();
  return (
    <div className="locked-tab">
      <p>
        <LockIcon /> This tab needs a subscription.
      </p>
      {paymentsAvailable ? <p className="muted">Subscribe to open every dictionary tab and levels 2–9 of every course.</p> : null}
      <SubscribeForm />
    </div>
  );
}

export function Loading() {
  return <p className="loading">Loading...</p>;
}

export function Failure({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  return (
    <div role="alert" className="notice notice-error">
      <p>{errorMessage(error)}</p>
      <Button size="sm" onClick={() => onRetry()}>
        Try again
      </Button>
    </div>
  );
}

export function Detail({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="dict-detail" aria-labelledby={headingId}>
      <div className="dict-detail-head">
        <h3 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </section>
  );
}

export function AudioButton({ url, label = 'Play audio' }: { url?: string | null; label?: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  if (!url) return null;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => playAudio(ref.current)}>
        <PlayIcon />
        {label}
      </Button>
      <audio ref={ref} src={url} preload="none" hidden />
    </>
  );
}
