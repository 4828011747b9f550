import { VoiceProgress, voiceProgressLine, type VoiceProgressSink } from './voice-progress';

function recorder(tty: boolean): VoiceProgressSink & { written: string[]; logged: string[] } {
  const written: string[] = [];
  const logged: string[] = [];
  return { tty, written, logged, write: (t) => written.push(t), log: (l) => logged.push(l) };
}

describe('voiceProgressLine', () => {
  it('shows a bar with the count, the rate since start and the time left', () => {
    expect(voiceProgressLine({ done: 300, total: 600 }, { done: 0, at: 0 }, 10 * 60_000, 10)).toBe(
      'System voice [#####-----]  50% 300/600 clips · 30 clips/min · ETA 10m00s',
    );
  });
  it('says the time left is unknown before the first clip', () => {
    expect(voiceProgressLine({ done: 0, total: 600 }, { done: 0, at: 0 }, 15_000, 10)).toMatch(/ETA \?$/);
  });
});

describe('VoiceProgress', () => {
  it('redraws one line in place on a terminal, then ends it when every clip is made', () => {
    const sink = recorder(true);
    const progress = new VoiceProgress(sink);
    for (let pass = 0; pass <= 40; pass++) progress.update({ done: Math.min(pass * 20, 600), total: 600 }, pass * 15_000);
    progress.update({ done: 600, total: 600 }, 41 * 15_000);
    // No newline until the end: the terminal shows one line however many passes.
    expect(sink.written.slice(0, -1).every((t) => t.startsWith('\r') && !t.includes('\n'))).toBe(true);
    expect(sink.written.at(-1)).toBe('\r\x1b[KSystem voice: all 600 clips made\n');
    expect(sink.written.filter((t) => t.includes('\n'))).toHaveLength(1);
    expect(sink.logged).toEqual([]);
  });

  it('logs a line at most every few minutes when not on a terminal', () => {
    const sink = recorder(false);
    const progress = new VoiceProgress(sink, 5 * 60_000);
    // An hour of passes every 15 s: 240 passes.
    for (let pass = 0; pass < 240; pass++) progress.update({ done: pass * 10, total: 6_000 }, pass * 15_000);
    expect(sink.logged).toHaveLength(12);
    expect(sink.written).toEqual([]);
  });

  it('says nothing when no clip was missing', () => {
    const sink = recorder(true);
    new VoiceProgress(sink).update({ done: 600, total: 600 }, 0);
    expect(sink.written).toEqual([]);
  });
});
