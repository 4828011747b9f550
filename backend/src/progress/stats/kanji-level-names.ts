import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { CatalogueRevision } from '../../content';
import { PG_POOL } from '../../platform/database/database.module';
import { COURSE_INFO, mostlyKankenRange, type Course, type KanjiLevelFacts } from '../../study';

type Facts = Map<string, Map<number, KanjiLevelFacts>>;

/**
 * The label and school grades of every kanji level, read from the catalogue (kanji_entries) so the stats name a
 * level after the kanji it holds, not after a table that drifts from the content. Stats are on a hot path and
 * the facts change only with the catalogue, so they are read once per catalogue revision (like ServableTotals):
 * a request costs at most the revision check.
 */
@Injectable()
export class KanjiLevelNames {
  private readonly revision: CatalogueRevision;
  private cached?: { revision: string; facts: Promise<Facts> };

  constructor(@Inject(PG_POOL) private readonly pool: Pick<Pool, 'query'>) {
    this.revision = new CatalogueRevision(pool);
  }

  /** Level → facts for a kanji course; empty for other courses and for levels without kanji. */
  async of(course: Course): Promise<ReadonlyMap<number, KanjiLevelFacts>> {
    if (COURSE_INFO[course].kind !== 'kanji') return new Map();
    const revision = await this.revision.current();
    if (this.cached?.revision !== revision) {
      const facts = this.load();
      this.cached = { revision, facts };
      // A failed read is not kept: the next call tries again.
      facts.catch(() => this.cached?.facts === facts && (this.cached = undefined));
    }
    return (await this.cached.facts).get(course) ?? new Map();
  }

  private async load(): Promise<Facts> {
    // The label of a level's first kanji (the build gives every kanji of a level the same label: its easiest and
    // hardest Kanken levels), and how many of its kanji each Kanken level has.
    const { rows } = await this.pool.query<{ course: string; level: number; label: string | null; grades: number[]; kanken: Record<string, number> | null }>(
      `select l.course, l.level, l.label, l.grades, k.kanken
         from (select course, level::int as level, (array_agg(data->>'level_label' order by position))[1] as label,
                      array_agg(distinct grade::int order by grade::int) as grades
                 from kanji_entries group by course, level) l
         left join lateral (select json_object_agg(kanken, n) as kanken
                              from (select data->>'kanken' as kanken, count(*)::int as n from kanji_entries e
                                     where e.course = l.course and e.level = l.level and data->>'kanken' is not null
                                     group by 1) c) k on true`,
    );
    const facts: Facts = new Map();
    for (const r of rows) {
      const levels = facts.get(r.course) ?? new Map<number, KanjiLevelFacts>();
      levels.set(r.level, { label: r.label ?? `Level ${r.level}`, grades: r.grades, kanken: new Map(Object.entries(r.kanken ?? {})) });
      facts.set(r.course, levels);
    }
    for (const levels of facts.values()) {
      // A label several levels share names none of them (every Kanji II level spans 4級–2級): such a level is
      // named by the range most of its kanji fall in instead, computed from its kanji (issue 31).
      // It stays marked shared: "mostly 4級–3級" describes the level beside its number, it is not its name.
      markShared(levels);
      for (const [level, f] of levels) {
        const mostly = f.shared ? mostlyKankenRange(f.kanken ?? new Map()) : null;
        if (mostly) levels.set(level, { ...f, label: mostly });
      }
    }
    return facts;
  }
}

/** Marks the levels whose label another level of the course has too (and unmarks the others). */
function markShared(levels: Map<number, KanjiLevelFacts>): void {
  const count = new Map<string, number>();
  for (const f of levels.values()) count.set(f.label, (count.get(f.label) ?? 0) + 1);
  for (const [level, f] of levels) levels.set(level, { ...f, shared: count.get(f.label)! > 1 });
}
