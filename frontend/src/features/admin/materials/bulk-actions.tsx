// Runs one action on every selected material, with SPEC §8's retries, and shows how far it got.
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { newIdempotencyKey } from '../../../lib/retry';
import { requestActions } from '../shell/admin-api';
import { useAdminConfig } from '../shell/admin-config';
import { actionLabel, APPROVAL_ACTIONS, JOB_ACTIONS, MATERIAL_TYPE_LABEL, type MaterialAction, type MaterialType } from '../shell/admin-queries';
import { SelectField } from '../shell/admin-ui';
import { BULK_ATTEMPTS, runBulk, type BulkFailure, type BulkProgress, type BulkResult } from './bulk';

export function BulkActions({ type, selected, onFinished }: { type: MaterialType; selected: number[]; onFinished: (result: BulkResult<number>) => void }) {
  const config = useAdminConfig();
  const [action, setAction] = useState<MaterialAction | ''>('');
  const [ran, setRan] = useState<MaterialAction | ''>('');
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [failures, setFailures] = useState<Array<BulkFailure<number>>>([]);
  // One key per item for the whole run: a retry of an item is the same request to the server.
  const keys = useRef(new Map<number, string>());

  const run = async () => {
    if (!action || selected.length === 0 || running) return;
    const items = [...selected];
    keys.current = new Map();
    setRan(action);
    setRunning(true);
    setFailures([]);
    const result = await runBulk(
      items,
      (id) => {
        let key = keys.current.get(id);
        if (!key) {
          key = newIdempotencyKey();
          keys.current.set(id, key);
        }
        return requestActions(id, type, [action], key);
      },
      {
        attempts: BULK_ATTEMPTS,
        delayMs: config.retryDelayMs,
        wait: config.wait,
        onProgress: setProgress,
        describe: (id) => `${MATERIAL_TYPE_LABEL[type].one.toLowerCase()} ${id} (${action})`,
      },
    );
    setFailures(result.failed.sort((a, b) => a.item - b.item));
    setRunning(false);
    onFinished(result);
  };

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <SelectField label="Bulk action" value={action} onChange={(e) => setAction(e.target.value as MaterialAction | '')} className="filter-field" disabled={running}>
        <option value="">Choose an action…</option>
        <optgroup label="Jobs">
          {JOB_ACTIONS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Approval">
          {APPROVAL_ACTIONS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <Button variant="primary" onClick={run} disabled={!action || selected.length === 0 || running}>
        {running ? 'Running…' : `Run on ${selected.length} selected`}
      </Button>
      {progress ? (
        <div className="bulk-progress" role="status" aria-live="polite">
          <progress value={progress.done} max={Math.max(1, progress.total)} aria-label={`${actionLabel(ran)} progress`} />
          <span>
            {actionLabel(ran)}: {progress.done}/{progress.total} done
            {progress.failed > 0 ? `, ${progress.failed} failed` : ''}
            {!running && progress.done === progress.total ? (progress.failed === 0 ? ' — all requested.' : '.') : ''}
          </span>
        </div>
      ) : null}
      {!running && failures.length > 0 ? (
        <div role="alert" className="notice notice-error bulk-failures">
          <p>
            {failures.length} of {progress?.total ?? failures.length} failed (each tried up to {BULK_ATTEMPTS} times):
          </p>
          <ul>
            {failures.map((f) => (
              <li key={f.item}>
                {MATERIAL_TYPE_LABEL[type].one} {f.item}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
