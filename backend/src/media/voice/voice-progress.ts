import { renderProgress } from '../../platform/cli/progress-bar';

/** Where the voice's progress goes: a terminal redraws one line; anything else gets a log line now and then. */
export interface VoiceProgressSink {
  /** stderr is a terminal: the line is redrawn in place */
  tty: boolean;
  /** raw text to the terminal (used only when tty) */
  write(text: string): void;
  /** one log line (used only when not tty) */
  log(line: string): void;
}

export interface VoiceCounts {
  /** clips made for the current texts */
  done: number;
  /** clips the servable cards need */
  total: number;
}

const CLIPS = { name: 'clips', rate: 'clips/min' };

/** `System voice [####------] 40% 2,400/6,000 clips · 90 clips/min · ETA 40m00s`, the rate since the app started. */
export function voiceProgressLine(counts: VoiceCounts, start: { done: number; at: number }, now: number, width = 20): string {
  const minutes = Math.max((now - start.at) / 60_000, 1e-9);
  const perMinute = Math.max(counts.done - start.done, 0) / minutes;
  const left = counts.total - counts.done;
  const etaSeconds = perMinute > 0 ? (60 * left) / perMinute : Infinity;
  return `System voice ${renderProgress({ applied: counts.done, total: counts.total, eventsPerSecond: perMinute, etaSeconds }, width, CLIPS)}`;
}

/**
 * The system voice's progress as a newcomer's terminal shows it (issue 31: the voice logged two lines per clip,
 * ~118,000 in an hour): one bar redrawn in place on a terminal at each scheduler pass, or on a non-terminal a line
 * at most every `everyMs`; a last line when every clip is made. Nothing at all when nothing was missing.
 */
export class VoiceProgress {
  private start?: { done: number; at: number };
  private lastLogAt = -Infinity;
  private finished = false;

  constructor(
    private readonly sink: VoiceProgressSink,
    private readonly everyMs = 5 * 60_000,
  ) {}

  update(counts: VoiceCounts, now = Date.now()): void {
    const complete = counts.done >= counts.total;
    if (!this.start) {
      if (complete) return;
      this.start = { done: counts.done, at: now };
    }
    if (complete) {
      if (this.finished) return;
      this.finished = true;
      const line = `System voice: all ${counts.total.toLocaleString('en-US')} clips made`;
      if (this.sink.tty) this.sink.write(`\r\x1b[K${line}\n`);
      else this.sink.log(line);
      return;
    }
    this.finished = false;
    const line = voiceProgressLine(counts, this.start, now);
    if (this.sink.tty) this.sink.write(`\r\x1b[K${line}`);
    else if (now - this.lastLogAt >= this.everyMs) {
      this.lastLogAt = now;
      this.sink.log(line);
    }
  }
}
