import { Injectable } from '@nestjs/common';

/** A context's own line in /api/health: up, or down with the reason an operator needs. */
export type HealthReport = { status: 'up' } | { status: 'down'; error: string };

/**
 * What contexts add to /api/health without the platform knowing them (the media queue reports a prefix that
 * another deployment holds). A report that is down makes health "degraded", not 503: studying goes on.
 */
@Injectable()
export class HealthReports {
  private readonly reports = new Map<string, () => HealthReport>();

  register(name: string, report: () => HealthReport): void {
    this.reports.set(name, report);
  }

  all(): Record<string, HealthReport> {
    return Object.fromEntries([...this.reports].map(([name, report]) => [name, report()]));
  }
}
