import { Pool } from 'pg';
import { Clock } from '../../platform/clock';
import { localCatalogueCommits } from './catalogue.projection';

const REVISION_MEMO_MS = 500;

/**
 * The catalogue revision (catalogue_revision, bumped in every transaction that changes the catalogue), for
 * caches of what changes only with the catalogue. Memoised for 500 ms: a change committed by this process is
 * seen at once, one committed by another replica (or the CLI) within that time. The memo's age is read from the
 * clock it is given (the app's injected one), so a test moves the clock past it instead of sleeping.
 */
export class CatalogueRevision {
  private memo?: { revision: string; at: number; localCommits: number };

  constructor(
    private readonly pool: Pick<Pool, 'query'>,
    private readonly clock: Clock = { now: () => new Date() },
  ) {}

  async current(): Promise<string> {
    const now = this.clock.now().getTime();
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
