import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { VOCAB_COURSES } from '../../kernel/courses';
import { CLOCK, Clock } from '../../platform/clock';
import { PG_POOL } from '../../platform/database/database.module';
import { courseWordIndex, type WordRef } from '../build/known-words';
import { CatalogueRevision } from './catalogue-revision';

/** A word the vocab courses teach, as the reader (issue 32) matches text against it. */
export interface CatalogueWord {
  /** the vocab material's id (= the dictionary entry's id) */
  id: number;
  course: string;
  level: number;
  position: number;
  /** the spelling the course teaches (kana for a kana word) */
  kanji: string;
  reading: string;
  definition: string | null;
  variants: ReadonlyArray<{ written: string; reading: string }>;
}

export interface CatalogueWordIndex {
  revision: string;
  /** the course words a dictionary form may be, first in course order (Vocab I level 1 first) */
  wordsOf: (w: WordRef) => CatalogueWord[];
  /** kanji that a kanji course teaches */
  courseKanji: ReadonlySet<string>;
  size: number;
}

/** A vocab course's place in the course order (Vocab I is 1). */
const COURSE_RANK: Record<string, number> = Object.fromEntries(VOCAB_COURSES.map((c, i) => [c, i + 1]));

/** Builds the index from the words (pure: the unit table of the reader builds it from backend/content/vocab.json). */
export function buildWordIndex(words: CatalogueWord[], courseKanji: Iterable<string>, revision = 'static'): CatalogueWordIndex {
  const sorted = [...words].sort((a, b) => (COURSE_RANK[a.course] ?? 9) - (COURSE_RANK[b.course] ?? 9) || a.level - b.level || a.position - b.position);
  return { revision, wordsOf: courseWordIndex(sorted), courseKanji: new Set(courseKanji), size: sorted.length };
}

/**
 * The taught vocab words (servable vocab materials) with their spellings and variants, indexed by form, kept per
 * catalogue revision: an admin edit or a content load is seen on the next analysis, and 10,000 words are read
 * once, not per text.
 */
@Injectable()
export class CatalogueWords {
  private readonly revision: CatalogueRevision;
  private cached?: Promise<CatalogueWordIndex>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.revision = new CatalogueRevision(pool, clock);
  }

  async index(): Promise<CatalogueWordIndex> {
    const revision = await this.revision.current();
    const cached = this.cached ? await this.cached.catch(() => undefined) : undefined;
    if (cached && cached.revision === revision) return cached;
    this.cached = this.load(revision);
    return this.cached;
  }

  private async load(revision: string): Promise<CatalogueWordIndex> {
    const [words, kanji] = await Promise.all([
      this.pool.query<{ id: number; course: string; level: number; position: number; data: Record<string, unknown> }>(
        `select m.material_id as id, m.course, m.level, m.position, v.data
           from materials m join vocab_entries v on v.id = m.material_id
          where m.material_type = 'vocab' and m.servable`,
      ),
      this.pool.query<{ character: string }>(`select character from kanji_entries`),
    ]);
    const list = words.rows.map((r): CatalogueWord => ({
      id: r.id,
      course: r.course,
      level: r.level,
      position: r.position,
      kanji: String(r.data.kanji ?? r.data.reading ?? ''),
      reading: String(r.data.reading ?? ''),
      definition: typeof r.data.definition === 'string' ? r.data.definition : null,
      variants: Array.isArray(r.data.variants) ? (r.data.variants as CatalogueWord['variants']) : [],
    }));
    return buildWordIndex(list, kanji.rows.map((k) => k.character), revision);
  }
}
