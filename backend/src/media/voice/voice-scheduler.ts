import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { executeMaterialCommand, materialRef, recordMediaEvent } from '../../content';
import { AppConfig, runsMediaWork } from '../../platform/config/config';
import { APP_CONFIG, PG_POOL } from '../../platform/database/database.module';
import { EventStore } from '../../platform/event-store/event-store';
import { MediaJobs } from '../media-jobs';
import { MediaActionRequested } from '../media.events';
import { loadVoiceOwners, voicePriority, voiceRequestId, voiceStateOf, type VoiceOwner } from './voice-plan';
import { VoiceProgress } from './voice-progress';

/** Asked again after this long if still missing (the queue lost it: Redis flushed, job removed). */
const REASK_AFTER_MS = 10 * 60_000;
/** Requests recorded and enqueued per round trip. */
const CHUNK = 500;

export interface VoicePassResult {
  /** clips still missing (asked for now or earlier) */
  pending: number;
  /** asked for in this pass */
  requested: number;
}

/**
 * The system voice's scheduler (issue 14): in the worker, every VOICE_SCAN_MS (and at start), finds the materials
 * whose clip is missing or made from a text they no longer hold (a content load, an admin's edit), records a
 * MediaActionRequested for each (event id from the material and its text) and enqueues its `voice` job (job id
 * from the request), level 1 of every course first. Both are idempotent, so several workers, a restart or a
 * repeated pass ask once. With Redis down it asks nothing and tries again on the next pass; learners study
 * without the missing clips meanwhile.
 */
@Injectable()
export class VoiceScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('voice');
  private readonly asked = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;
  private lastProblem = '';
  /** one line for the whole voice, redrawn on a terminal (issue 31), instead of a line per pass and two per clip */
  private readonly progress = new VoiceProgress({
    tty: Boolean(process.stderr.isTTY),
    write: (text) => process.stderr.write(text),
    log: (line) => this.logger.log(line),
  });

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly jobs: MediaJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!runsMediaWork(this.config) || process.env.KIOKU_NO_WORKER === '1' || this.config.VOICE_AUTO !== 'on') return;
    this.schedule(1_000);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => (this.lastProblem = ''))
        .catch((e: Error) => {
          // Said once per kind of problem (Redis down for an hour is one line, not 240).
          if (e.message !== this.lastProblem) this.logger.warn(`voice clips are not being asked for: ${e.message}`);
          this.lastProblem = e.message;
        })
        .finally(() => this.schedule(this.config.VOICE_SCAN_MS));
    }, ms);
    this.timer.unref();
  }

  /** One look: ask for every missing clip not asked for recently. */
  async pass(now = Date.now()): Promise<VoicePassResult> {
    const owners = await loadVoiceOwners(this.pool);
    const missing = owners.filter((o) => voiceStateOf(o) === 'pending');
    const needed = owners.filter((o) => voiceStateOf(o) !== null);
    // A clip that failed for good is settled too (media:status lists it): the bar reaches its end.
    this.progress.update({ done: needed.length - missing.length, total: needed.length }, now);
    const toAsk = missing
      .filter((o) => now - (this.asked.get(voiceRequestId(o, o.input!.key)) ?? -Infinity) > REASK_AFTER_MS)
      .sort((a, b) => voicePriority(a) - voicePriority(b))
      .slice(0, this.config.VOICE_BATCH);
    for (let i = 0; i < toAsk.length && !this.stopped; i += CHUNK) {
      const chunk = toAsk.slice(i, i + CHUNK);
      // The queue first: no request is recorded while Redis is unreachable.
      await this.jobs.assertAvailable();
      await Promise.all(chunk.map((o) => this.recordRequest(o)));
      await this.jobs.enqueueVoice(
        chunk.map((o) => ({
          requestEventId: voiceRequestId(o, o.input!.key),
          materialType: o.materialType,
          materialId: o.materialId,
          voice: { kind: o.input!.kind, text: o.input!.text, furigana: o.input!.furigana, reading: o.input!.reading, key: o.input!.key },
          priority: voicePriority(o),
        })),
      );
      for (const o of chunk) this.asked.set(voiceRequestId(o, o.input!.key), now);
    }
    if (toAsk.length) this.logger.debug(`asked for ${toAsk.length} voice clips (${missing.length} missing)`);
    return { pending: missing.length, requested: toAsk.length };
  }

  private async recordRequest(owner: VoiceOwner): Promise<void> {
    const requestEventId = voiceRequestId(owner, owner.input!.key);
    const event = { ...MediaActionRequested({ materialType: owner.materialType, materialId: owner.materialId, actions: ['voice'] }), eventId: requestEventId };
    await executeMaterialCommand({ pool: this.pool, store: this.store }, materialRef(owner.materialType, owner.materialId), (stream) => recordMediaEvent(stream, event), {
      metadata: { actorId: null, actor: 'voice', correlationId: requestEventId },
    });
  }
}
