import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import type { ReadAnalysis } from '#contract/reader';
import { CatalogueWords, loadTokenizer } from '../../content';
import { Queryable } from '../../platform/database/database';
import { PG_POOL } from '../../platform/database/database.module';
import { classify, Learner, Mastery, segment, tokenizeText } from './analyse-text';

export interface Reader {
  id: string;
  fullAccess: boolean;
}

/** The paywall as the dictionary has it: a subscription or an admin opens every level. */
export function readerOf(user: { id: string; subscriptionActive: boolean; isAdmin: boolean }): Reader {
  return { id: user.id, fullAccess: user.subscriptionActive || user.isAdmin };
}

/**
 * Analyses a text for one learner in the API (the browser gets the answer, never kuromoji): kuromoji's tokens, the
 * catalogue's word index (kept per catalogue revision), then one read of the learner's cards of every candidate
 * word and one of the kanji they know. Two queries per text, whatever its length.
 */
@Injectable()
export class TextAnalyser {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly words: CatalogueWords,
  ) {}

  async analyse(text: string, reader: Reader, db: Queryable = this.pool): Promise<ReadAnalysis> {
    const [tokenizer, index] = await Promise.all([loadTokenizer(), this.words.index()]);
    const start = performance.now();
    const tokens = tokenizeText(tokenizer, text);
    const tokenized = performance.now();
    const seg = segment(text, tokens, index);
    const learner = await this.learner(db, reader, seg.candidateIds, seg.kanji);
    const analysis = classify(seg, learner);
    const done = performance.now();
    return { ...analysis, timing: { tokenize_ms: round(tokenized - start), analyse_ms: round(done - start) } };
  }

  private async learner(db: Queryable, reader: Reader, vocabIds: number[], kanji: string[]): Promise<Learner> {
    const [cards, known] = await Promise.all([
      vocabIds.length
        ? db.query<{ material_id: number; mastery: Mastery }>(
            `select material_id, mastery from card_states where user_id = $1 and material_type = 'vocab' and material_id = any($2::int[])`,
            [reader.id, vocabIds],
          )
        : Promise.resolve({ rows: [] as Array<{ material_id: number; mastery: Mastery }> }),
      kanji.length
        ? db.query<{ kanji: string }>(
            `select distinct m.data->>'kanji' as kanji
               from card_states c join materials m on m.material_type = c.material_type and m.material_id = c.material_id
              where c.user_id = $1 and c.material_type = 'reading' and c.mastery in ('intermediate', 'mastered')
                and m.data->>'kanji' = any($2::text[])`,
            [reader.id, kanji],
          )
        : Promise.resolve({ rows: [] as Array<{ kanji: string }> }),
    ]);
    const byId = new Map<number, Mastery>();
    // A word taught in two courses' cards (rare): the best state counts.
    const rank: Record<Mastery, number> = { learning: 1, intermediate: 2, mastered: 3 };
    for (const r of cards.rows) if (!byId.has(r.material_id) || rank[r.mastery] > rank[byId.get(r.material_id)!]) byId.set(r.material_id, r.mastery);
    return { cards: byId, knownKanji: new Set(known.rows.map((r) => r.kanji)), fullAccess: reader.fullAccess };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
