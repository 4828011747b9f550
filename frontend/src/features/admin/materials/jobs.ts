// Media job bookkeeping: the latest job per action, and actions the admin requested whose result the
// material does not show yet (the request is answered 202 before the worker or the projection has run).
import type { ApprovalFlag } from '../../../../../contract/admin.requests';
import type { Version } from '../shell/admin-api';
import type { Job, MaterialAction, MaterialDetail } from '../shell/admin-queries';

export interface Awaiting {
  action: MaterialAction;
  /** When it was requested (the app's clock). */
  since: number;
  /** The latest job of this action when it was requested: a different one means the request shows now. */
  baselineAt: string | null;
  /** The material's version when it was requested. */
  fromVersion: Version;
  /** Approvals are not jobs: they show as the flag taking this value. */
  expect?: { field: ApprovalFlag; value: boolean };
}

function time(at: string): number {
  const t = Date.parse(at);
  return Number.isNaN(t) ? 0 : t;
}

export function latestJobs(jobs: readonly Job[]): Map<string, Job> {
  const latest = new Map<string, Job>();
  for (const job of jobs) {
    const current = latest.get(job.action);
    if (!current || time(job.at) >= time(current.at)) latest.set(job.action, job);
  }
  return latest;
}

export function hasPendingJob(detail: MaterialDetail | undefined): boolean {
  if (!detail) return false;
  return [...latestJobs(detail.jobs).values()].some((j) => j.status === 'pending');
}

export function awaitingFor(action: MaterialAction, detail: MaterialDetail, now: number, expect?: Awaiting['expect']): Awaiting {
  return { action, since: now, baselineAt: latestJobs(detail.jobs).get(action)?.at ?? null, fromVersion: detail.material.version, expect };
}

export function isResolved(awaiting: Awaiting, detail: MaterialDetail): boolean {
  if (awaiting.expect) return detail.material[awaiting.expect.field] === awaiting.expect.value;
  const latest = latestJobs(detail.jobs).get(awaiting.action);
  return latest !== undefined && latest.at !== awaiting.baselineAt;
}

/** Requests still waiting to show up, dropping those that did or that waited longer than `maxMs`. */
export function stillAwaiting(list: readonly Awaiting[], detail: MaterialDetail | undefined, now: number, maxMs: number): Awaiting[] {
  return list.filter((a) => now - a.since < maxMs && !(detail && isResolved(a, detail)));
}
