// The History tab: a stream's events (or a person's actions), newest first, each field as before → after.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { adminQueries, type HistoryItem, type HistorySource } from '../shell/admin-queries';
import { LoadError, Loading, SelectField, ValueText, When } from '../shell/admin-ui';

export interface HistoryChoice {
  label: string;
  source: HistorySource;
}

/** "MaterialRevised" → "Material revised". */
export function eventLabel(type: string): string {
  const words = type
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KIND_TONE = { admin: 'accent', operator: 'alert', user: 'neutral', system: 'neutral' } as const;

function HistoryEntry({ item }: { item: HistoryItem }) {
  const actor = item.actor;
  const hasData = item.data !== undefined && item.data !== null && !(typeof item.data === 'object' && Object.keys(item.data as object).length === 0);
  return (
    <li className="history-item">
      <div className="history-head">
        <strong>{eventLabel(item.type)}</strong>
        <When at={item.at} />
        <span className="muted">
          by {actor?.name ?? actor?.id ?? 'the system'} <Badge tone={KIND_TONE[actor?.kind ?? 'system']}>{actor?.kind ?? 'system'}</Badge>
        </span>
      </div>
      {item.changes.length > 0 ? (
        <ul className="history-changes" aria-label="Changes">
          {item.changes.map((change) => (
            <li key={change.field} className="history-change">
              <code className="history-field">{change.field}</code>{' '}
              <span className="history-before">
                <ValueText value={change.before} />
              </span>{' '}
              <span className="history-arrow">→</span>{' '}
              <span className="history-after">
                <ValueText value={change.after} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {hasData ? (
        <details className="history-data">
          <summary>Details</summary>
          <pre>{JSON.stringify(item.data, null, 2)}</pre>
        </details>
      ) : null}
    </li>
  );
}

export function HistoryPanel({ choices }: { choices: HistoryChoice[] }) {
  const [selected, setSelected] = useState(0);
  const choice = choices[Math.min(selected, choices.length - 1)];
  const history = useInfiniteQuery(adminQueries.history(choice.source));
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="history" aria-label="History">
      {choices.length > 1 ? (
        <SelectField label="Show" value={String(selected)} onChange={(e) => setSelected(Number(e.target.value))} className="history-choice">
          {choices.map((c, i) => (
            <option key={c.label} value={i}>
              {c.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      {history.isPending ? (
        <Loading />
      ) : history.isError && items.length === 0 ? (
        <LoadError error={history.error} retry={() => history.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted">No history yet.</p>
      ) : (
        <>
          <ol className="history-list">
            {items.map((item) => (
              <HistoryEntry key={item.event_id} item={item} />
            ))}
          </ol>
          {history.isFetchNextPageError ? (
            <p role="alert" className="field-error">
              {errorMessage(history.error)}
            </p>
          ) : null}
          {history.hasNextPage ? (
            <Button size="sm" onClick={() => history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? 'Loading...' : 'Load older'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
