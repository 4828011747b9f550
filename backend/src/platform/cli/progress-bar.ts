import { RebuildProgress } from '../projections/projection-admin';

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
}

/** What a bar counts: its unit (plural) and the rate's short form. */
export interface ProgressUnit {
  name: string;
  rate: string;
}
const EVENTS: ProgressUnit = { name: 'events', rate: 'ev/s' };

/** One line, redrawn in place on a terminal: [#####-----] 50% 500,000/1,000,000 events · 150,000 ev/s · ETA 3s */
export function renderProgress(p: RebuildProgress, width = 30, unit: ProgressUnit = EVENTS): string {
  const ratio = p.total ? Math.min(p.applied / p.total, 1) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${fmt(p.applied)}/${fmt(p.total)} ${unit.name} · ${fmt(p.eventsPerSecond)} ${unit.rate} · ETA ${duration(p.etaSeconds)}`;
}

export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): (p: RebuildProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 100 && p.applied < p.total) return;
    last = now;
    const line = renderProgress(p);
    if (stream.isTTY) stream.write(`\r${line}`);
    else stream.write(`${line}\n`);
  };
}
