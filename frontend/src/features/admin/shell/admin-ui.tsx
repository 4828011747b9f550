// Small pieces the admin pages share: labelled textarea and select, load states, times.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { relativeTime } from '../../../lib/relative-time';

interface Described {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Notes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextAreaField({ label, hint, error, className, ...props }: Described & Omit<ComponentPropsWithRef<'textarea'>, 'id'>) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} {...props} />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({ label, hint, error, className, children, ...props }: Described & Omit<ComponentPropsWithRef<'select'>, 'id'>) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} {...props}>
        {children}
      </select>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

export function Loading() {
  return <p className="loading">Loading...</p>;
}

export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div role="alert" className="notice notice-error">
      <p>{errorMessage(error)}</p>
      {retry ? (
        <Button size="sm" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="muted">—</span>;
  const date = new Date(at);
  const full = Number.isNaN(date.getTime()) ? at : date.toLocaleString();
  return (
    <time dateTime={at} title={full}>
      {relativeTime(at)}
    </time>
  );
}

export function Flag({ on, yes = 'Yes', no = 'No', tone = 'success' }: { on: boolean; yes?: ReactNode; no?: ReactNode; tone?: 'success' | 'accent' | 'alert' }) {
  return on ? <Badge tone={tone}>{yes}</Badge> : <Badge>{no}</Badge>;
}

/** Shows a value of any shape as text: strings as they are, the rest as JSON, nothing as "(empty)". */
export function ValueText({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="muted">(empty)</span>;
  if (typeof value === 'string') return <span className="value-text">{value}</span>;
  return <code className="value-text">{JSON.stringify(value)}</code>;
}
