import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { CatalogueRevision } from '../content';
import { PG_POOL } from '../platform/database/database.module';
import { MAX_LEVEL, type Course } from './courses';

/**
 * Servable materials per level of a course, kept per catalogue revision. The study panel's "new cards
 * available" and the stats' untrained counts need them on every card shown and every grade; counting them is
 * a scan of the course's lesson index (about 1 ms for kanji1 on the 2-core machine), and they change only
 * with the catalogue. A change by this process is seen at once, one by another replica within 500 ms.
 */
@Injectable()
export class ServableTotals {
  private readonly revision: CatalogueRevision;
  private cached?: { revision: string; totals: Promise<Map<string, number[]>> };

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {
    this.revision = new CatalogueRevision(pool);
  }

  /** Index 1–9: the course's servable materials of that level (index 0 is unused and 0). */
  async byLevel(course: Course): Promise<number[]> {
    const revision = await this.revision.current();
    if (this.cached?.revision !== revision) {
      const totals = this.load();
      this.cached = { revision, totals };
      // A failed read is not kept: the next call tries again.
      totals.catch(() => this.cached?.totals === totals && (this.cached = undefined));
    }
    return (await this.cached.totals).get(course) ?? new Array<number>(MAX_LEVEL + 1).fill(0);
  }

  private async load(): Promise<Map<string, number[]>> {
    const { rows } = await this.pool.query<{ course: string; level: number; n: number }>(
      'select course, level, count(*)::int as n from materials where servable group by course, level',
    );
    const totals = new Map<string, number[]>();
    for (const r of rows) {
      const levels = totals.get(r.course) ?? new Array<number>(MAX_LEVEL + 1).fill(0);
      if (r.level >= 1 && r.level <= MAX_LEVEL) levels[r.level] = r.n;
      totals.set(r.course, levels);
    }
    return totals;
  }
}
