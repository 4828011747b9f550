// Test helper (not used by the app): a MaterialMediaPort over an in-memory map that records every call.
import type { MediaJobAction } from '../media-actions';
import type { MediaResult } from '../media.events';
import type { MaterialMediaPort, MaterialMediaText, MediaJobContext } from '../material-media.port';

export type RecordedOutcome =
  | { outcome: 'succeeded'; requestEventId: string; action: MediaJobAction; result: MediaResult; jobId: string; context: MediaJobContext }
  | { outcome: 'failed'; requestEventId: string; action: MediaJobAction; message: string; final: boolean; context: MediaJobContext & { jobId: string } };

export class RecordingMediaPort implements MaterialMediaPort {
  readonly materials = new Map<string, MaterialMediaText>();
  readonly outcomes: RecordedOutcome[] = [];
  private waiters: (() => void)[] = [];

  set(type: string, id: number, material: MaterialMediaText): void {
    this.materials.set(`${type}:${id}`, material);
  }

  async load(type: string, id: number): Promise<MaterialMediaText | null> {
    return this.materials.get(`${type}:${id}`) ?? null;
  }

  async recordSucceeded(requestEventId: string, action: MediaJobAction, result: MediaResult, jobId: string, context: MediaJobContext): Promise<void> {
    this.outcomes.push({ outcome: 'succeeded', requestEventId, action, result, jobId, context });
    this.wake();
  }

  async recordFailed(requestEventId: string, action: MediaJobAction, message: string, final: boolean, context: MediaJobContext & { jobId: string }): Promise<void> {
    this.outcomes.push({ outcome: 'failed', requestEventId, action, message, final, context });
    this.wake();
  }

  /** The first final outcome (success, or failure with final) of this request's action. */
  async outcomeOf(requestEventId: string, action: string, timeoutMs = 20_000): Promise<RecordedOutcome> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.outcomes.find((o) => o.requestEventId === requestEventId && o.action === action && (o.outcome === 'succeeded' || o.final));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no final outcome for ${action} of ${requestEventId} within ${timeoutMs} ms: ${JSON.stringify(this.outcomes)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}
