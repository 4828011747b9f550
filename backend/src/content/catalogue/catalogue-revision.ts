import { Pool } from 'pg';
import { localCatalogueCommits } from './catalogue.projection';

const REVISION_MEMO_MS = 500;

/**
 * The catalogue revision (catalogue_revision, bumped in every transaction that changes the catalogue), for
 * caches of what changes only with the catalogue. Memoised for 500 ms: a change committed by this process is
 * seen at once, one committed by another replica (or the CLI) within that time.
 */
export class CatalogueRevision {
  private memo?: { revision: string; at: number; localCommits: number };

  constructor(private readonly pool: Pick<Pool, 'query'>) {}

  async current(): Promise<string> {
    const now = Date.now();
    const commits = localCatalogueCommits();
    if (this.memo && this.memo.localCommits === commits && now - this.memo.at < REVISION_MEMO_MS) return this.memo.revision;
    const { rows } = await this.pool.query<{ revision: string }>({
      name: 'catalogue_revision',
      text: 'select revision::text as revision from catalogue_revision',
    });
    const revision = rows[0]?.revision ?? '0';
    this.memo = { revision, at: now, localCommits: commits };
    return revision;
  }
}
