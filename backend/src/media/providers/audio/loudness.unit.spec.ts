import { compressSpeech, setEncoderForTests } from './compress-audio';
import { integratedLoudness, kWeightingFilters, normaliseLoudness, samplePeakDbfs, SPEECH_PEAK_CEILING_DBFS, SPEECH_TARGET_LUFS } from './loudness';
import { encodeWav, type Pcm, parseWav } from './wav';

const sine = (rate: number, seconds: number, amplitude: number, freq = 1000): Float32Array => {
  const s = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < s.length; i++) s[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / rate);
  return s;
};
const join = (...parts: Float32Array[]): Float32Array => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const pcm = (sampleRate: number, samples: Float32Array): Pcm => ({ sampleRate, samples });
/** deterministic noise, roughly speech-band: white noise through a one-pole low-pass, with a syllable envelope */
const speechLike = (rate: number, seconds: number, amplitude: number): Pcm => {
  let seed = 12345;
  let y = 0;
  const s = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < s.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    y = 0.8 * y + 0.2 * (seed / 1073741824 - 1);
    const syllable = Math.max(0, Math.sin((2 * Math.PI * 4 * i) / rate)); // four "syllables" a second
    s[i] = amplitude * y * syllable;
  }
  return pcm(rate, s);
};

describe('integrated loudness (ITU-R BS.1770-4 / EBU R128)', () => {
  it('designs the standard K-weighting coefficients at 48 kHz (BS.1770-4 Tables 1 and 2)', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 8);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 8);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 8);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 8);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 8);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 8);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 8);
  });

  it.each([48_000, 24_000, 16_000])('measures a 1 kHz sine of peak 0.1 (−20 dBFS) at −23.0 LUFS at %i Hz', (rate) => {
    // BS.1770: a 0 dBFS 1 kHz sine in one channel reads −3.01 LKFS (mean square ½; K-weighting's +0.691 dB at
    // 1 kHz is what the −0.691 undoes), so 20 dB down it reads −23.01.
    expect(integratedLoudness(pcm(rate, sine(rate, 5, 0.1)))).toBeCloseTo(-23.01, 1);
    expect(integratedLoudness(pcm(rate, sine(rate, 5, 1)))).toBeCloseTo(-3.01, 1);
  });

  it('gates silence out: silence alone is −Infinity, and silence around a tone does not lower it', () => {
    expect(integratedLoudness(pcm(48_000, new Float32Array(48_000)))).toBe(-Infinity);
    expect(integratedLoudness(pcm(48_000, new Float32Array(0)))).toBe(-Infinity);
    const rate = 48_000;
    const padded = join(new Float32Array(rate * 3), sine(rate, 2, 0.1), new Float32Array(rate * 5));
    // The mean power over all 10 s would read −30; the gates keep the tone's blocks and the few that overlap
    // it at an edge (a block a quarter on the tone reads −29, above the relative gate), so a little under −23.
    const measured = integratedLoudness(pcm(rate, padded));
    expect(measured).toBeGreaterThan(-23.8);
    expect(measured).toBeLessThan(-23);
  });

  it('measures a signal with a loud half by the loud half: the relative gate drops blocks 10 LU under', () => {
    const rate = 48_000;
    // 3 s at −23 LUFS, then 3 s at −43 LUFS: ungated the mean power would read about −26.
    const signal = pcm(rate, join(sine(rate, 3, 0.1), sine(rate, 3, 0.01)));
    const measured = integratedLoudness(signal);
    expect(measured).toBeGreaterThan(-23.3);
    expect(measured).toBeLessThan(-22.7);
    // Both halves pass the relative gate when they are within 10 LU: then it is the mean power of both.
    const close = integratedLoudness(pcm(rate, join(sine(rate, 3, 0.1), sine(rate, 3, 0.05))));
    const expected = -0.691 + 10 * Math.log10((0.1 ** 2 / 2 + 0.05 ** 2 / 2) / 2) + 0.691; // K-weighting ≈ +0.691 dB at 1 kHz
    expect(close).toBeCloseTo(expected, 0);
  });

  it('measures a clip shorter than 400 ms as one block (a lone kana)', () => {
    expect(integratedLoudness(pcm(24_000, sine(24_000, 0.25, 0.1)))).toBeCloseTo(-23.01, 0);
  });
});

describe('normaliseLoudness', () => {
  it.each([
    ['a quiet tone', pcm(48_000, sine(48_000, 2, 0.02, 440))],
    ['a loud tone', pcm(24_000, sine(24_000, 2, 0.9, 300))],
    ['quiet speech-like noise', speechLike(48_000, 3, 0.05)],
    ['loud speech-like noise', speechLike(24_000, 1.2, 0.9)],
    ['a short clip', speechLike(48_000, 0.3, 0.3)],
  ])('brings %s to the target ±0.5 LU under the peak ceiling', (_name, input) => {
    const out = normaliseLoudness(input);
    expect(Math.abs(integratedLoudness(out.pcm) - SPEECH_TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(samplePeakDbfs(out.pcm)).toBeLessThanOrEqual(SPEECH_PEAK_CEILING_DBFS);
    expect(out.peakLimited).toBe(false);
    expect(out.after).toBeCloseTo(integratedLoudness(out.pcm), 3);
  });

  it('lowers the gain instead of clipping when the target would put a peak over the ceiling', () => {
    // A quiet tone with one loud click: a peak-to-loudness ratio far over 19 dB.
    const samples = sine(48_000, 2, 0.01);
    samples[48_000] = 0.5;
    const out = normaliseLoudness(pcm(48_000, samples));
    expect(out.peakLimited).toBe(true);
    expect(samplePeakDbfs(out.pcm)).toBeLessThanOrEqual(SPEECH_PEAK_CEILING_DBFS);
    expect(samplePeakDbfs(out.pcm)).toBeGreaterThan(SPEECH_PEAK_CEILING_DBFS - 0.01);
    expect(integratedLoudness(out.pcm)).toBeLessThan(SPEECH_TARGET_LUFS);
    // One gain for the whole clip: the click and the tone keep their ratio (nothing was limited or clipped).
    expect(out.pcm.samples[48_000] / out.pcm.samples[12]).toBeCloseTo(samples[48_000] / samples[12], 4);
  });

  it('leaves silence as it is', () => {
    const silent = pcm(24_000, new Float32Array(24_000));
    expect(normaliseLoudness(silent)).toMatchObject({ pcm: silent, gainDb: 0, peakLimited: false });
  });

  it('is what compressSpeech stores (the WAV path): at the target, under the ceiling after 16-bit rounding', async () => {
    setEncoderForTests(null);
    try {
      const loud = speechLike(24_000, 1.5, 1); // peaks at full scale, as Open JTalk's loudest clips do
      const stored = await compressSpeech(encodeWav(loud), { maxRate: 24_000 });
      const back = parseWav(stored.bytes);
      expect(Math.abs(integratedLoudness(back) - SPEECH_TARGET_LUFS)).toBeLessThanOrEqual(0.5);
      expect(samplePeakDbfs(back)).toBeLessThanOrEqual(SPEECH_PEAK_CEILING_DBFS + 0.01);
      expect(stored.loudness.lufs).toBeCloseTo(SPEECH_TARGET_LUFS, 1);
    } finally {
      setEncoderForTests(undefined);
    }
  });
});
