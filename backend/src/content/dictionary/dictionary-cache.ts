import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Pool } from 'pg';
import { PG_POOL } from '../../platform/database/database.module';
import { ReplicaReads } from '../../platform/database/replica-reads';
import { CatalogueRevision } from '../catalogue/catalogue-revision';

const gzipAsync = promisify(gzip);

export interface CachedBody<M = undefined> {
  etag: string;
  json: Buffer;
  /** null when the body is too small to be worth compressing */
  gzip: Buffer | null;
  /** what the handler needs besides the body (an entry's level for the paywall) */
  meta: M;
}

interface Slot {
  revision: string;
  body: CachedBody<any>;
}

const MAX_BYTES = 64 * 1024 * 1024;
const MIN_GZIP_BYTES = 1024;

/**
 * Dictionary answers are read often and change only when the catalogue does, so each one is built once per
 * catalogue revision (catalogue_revision, bumped in every transaction that changes the catalogue) and kept
 * serialised and gzipped. A request then costs at most one tiny query. Bodies do not depend on the user, except
 * the `locked` flags of list tabs, which are part of the key.
 */
@Injectable()
export class DictionaryCache {
  private readonly slots = new Map<string, Slot>();
  private readonly building = new Map<string, Promise<CachedBody<any>>>();
  private bytes = 0;

  private readonly catalogue: CatalogueRevision;
  // The replica's own revision: a body built there must be kept under the revision the replica has replayed,
  // never under the primary's newer one (it would then be served as current until the next change).
  private readonly replicaCatalogue: CatalogueRevision;
  constructor(
    @Inject(PG_POOL) pool: Pool,
    private readonly reads: ReplicaReads,
  ) {
    this.catalogue = new CatalogueRevision(pool);
    this.replicaCatalogue = new CatalogueRevision(reads.onReplica);
  }

  /**
   * The cached body for `key` at the current revision, built by `build` when missing (errors are not cached).
   * The revision and the body are read from the same database (the replica when it may serve this learner).
   */
  async get<M>(key: string, build: (db: Pick<Pool, 'query'>) => Promise<{ body: unknown; meta: M }>): Promise<CachedBody<M>> {
    const db = this.reads.forReads();
    const revision = await (db.source === 'replica' ? this.replicaCatalogue : this.catalogue).current();
    const slot = this.slots.get(key);
    if (slot && slot.revision === revision) return slot.body;
    const flight = `${revision}\u0000${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = (async () => {
        const { body, meta } = await build(db);
        const json = Buffer.from(JSON.stringify(body));
        const cached: CachedBody<M> = {
          etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
          json,
          gzip: json.length >= MIN_GZIP_BYTES ? await gzipAsync(json, { level: 9 }) : null,
          meta,
        };
        this.store(key, revision, cached);
        return cached;
      })().finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }

  private store(key: string, revision: string, body: CachedBody<any>): void {
    const old = this.slots.get(key);
    if (old) {
      this.bytes -= size(old.body);
      this.slots.delete(key);
    }
    this.slots.set(key, { revision, body });
    this.bytes += size(body);
    // Oldest first (Map keeps insertion order; a rebuilt key moves to the end).
    for (const [k, s] of this.slots) {
      if (this.bytes <= MAX_BYTES) break;
      this.slots.delete(k);
      this.bytes -= size(s.body);
    }
  }

  clear(): void {
    this.slots.clear();
    this.bytes = 0;
  }
}

function size(body: CachedBody<any>): number {
  return body.json.length + (body.gzip?.length ?? 0);
}

function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Sends a cached body: 304 when the client has it, gzip when the client accepts it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody<unknown>): FastifyReply {
  reply.header('cache-control', 'private, max-age=300');
  reply.header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (body.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(body.gzip);
  }
  return reply.send(body.json);
}
