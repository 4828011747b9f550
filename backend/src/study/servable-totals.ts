import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { CatalogueRevision } from '../content';
import { Clock, CLOCK } from '../platform/clock';
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
  private cached?: { revision: string; totals: Promise<Map<string, { cards: number[]; servable: number[] }>> };

  constructor(@Inject(PG_POOL) private readonly pool: Pool, @Inject(CLOCK) clock: Clock) {
    this.revision = new CatalogueRevision(pool, clock);
  }

  /** Index 1–9: the course's servable materials of that level (index 0 is unused and 0). */
  async byLevel(course: Course): Promise<number[]> {
    return (await this.both(course)).servable;
  }

  /**
   * Index 1–9: the level's cards, servable or not yet (every material not retired), and the servable ones. The
   * two differ while cards of a level still lack their sentence: the screens say "N of M cards available".
   */
  async both(course: Course): Promise<{ cards: number[]; servable: number[] }> {
    const revision = await this.revision.current();
    if (this.cached?.revision !== revision) {
      const totals = this.load();
      this.cached = { revision, totals };
      // A failed read is not kept: the next call tries again.
      totals.catch(() => this.cached?.totals === totals && (this.cached = undefined));
    }
    const empty = () => new Array<number>(MAX_LEVEL + 1).fill(0);
    return (await this.cached.totals).get(course) ?? { cards: empty(), servable: empty() };
  }

  private async load(): Promise<Map<string, { cards: number[]; servable: number[] }>> {
    const { rows } = await this.pool.query<{ course: string; level: number; servable: number; cards: number }>(
      `select course, level, count(*) filter (where servable)::int as servable, count(*) filter (where not retired)::int as cards
         from materials group by course, level`,
    );
    const totals = new Map<string, { cards: number[]; servable: number[] }>();
    for (const r of rows) {
      const levels = totals.get(r.course) ?? { cards: new Array<number>(MAX_LEVEL + 1).fill(0), servable: new Array<number>(MAX_LEVEL + 1).fill(0) };
      if (r.level >= 1 && r.level <= MAX_LEVEL) {
        levels.servable[r.level] = r.servable;
        levels.cards[r.level] = r.cards;
      }
      totals.set(r.course, levels);
    }
    return totals;
  }
}
