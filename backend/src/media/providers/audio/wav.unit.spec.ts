import { durationSeconds, encodeWav, parseWav, resample, trimSilence } from './wav';

describe('WAV helpers', () => {
  const tone = (rate: number, seconds: number, freq: number) => {
    const samples = new Float32Array(Math.round(rate * seconds));
    for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * freq * i) / rate);
    return { sampleRate: rate, samples };
  };

  it('writes and reads 16-bit mono PCM', () => {
    const wav = encodeWav(tone(16_000, 0.5, 440));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    const back = parseWav(wav);
    expect(back.sampleRate).toBe(16_000);
    expect(durationSeconds(back)).toBeCloseTo(0.5, 3);
  });

  it('resamples 22050 Hz to 16000 Hz keeping the duration and a 440 Hz tone', () => {
    const out = resample(tone(22_050, 1, 440), 16_000);
    expect(out.sampleRate).toBe(16_000);
    expect(durationSeconds(out)).toBeCloseTo(1, 2);
    // The tone survives: its peak stays near 0.5.
    const peak = out.samples.slice(1000, 15000).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.45);
    expect(peak).toBeLessThan(0.55);
  });

  it('filters out what the lower rate cannot carry (no aliasing)', () => {
    const out = resample(tone(22_050, 0.5, 10_000), 16_000);
    const peak = out.samples.slice(500, 7500).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeLessThan(0.05);
  });

  it('trims leading and trailing silence', () => {
    const rate = 16_000;
    const samples = new Float32Array(rate * 2);
    for (let i = rate / 2; i < rate; i++) samples[i] = 0.5 * Math.sin(i / 5);
    const trimmed = trimSilence({ sampleRate: rate, samples });
    expect(durationSeconds(trimmed)).toBeLessThan(0.8);
    expect(durationSeconds(trimmed)).toBeGreaterThan(0.5);
  });
});
