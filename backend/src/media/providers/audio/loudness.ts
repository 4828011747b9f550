import type { Pcm } from './wav';

/**
 * Integrated loudness (ITU-R BS.1770-4, EBU R128) of mono PCM, and the gain that brings a speech clip to one
 * loudness without clipping (issue 29, item 6). Pure TypeScript: the worker needs no ffmpeg for it.
 *
 * - K-weighting: the standard's two biquads (a high shelf of about +4 dB above 1.5 kHz, then a high-pass at
 *   38 Hz). BS.1770 gives their coefficients at 48 kHz only; they are designed here for any rate with the
 *   bilinear transform from the analogue parameters (as libebur128 and pyloudnorm do), which gives the
 *   standard's coefficients at 48 kHz to 8 decimals (loudness.unit.spec.ts).
 * - Loudness of a block: −0.691 + 10·log10(mean square of the weighted signal). One channel, weight 1: a mono
 *   clip is measured as the one channel it is (a 1 kHz sine of peak 0.1, −20 dBFS, measures −23.01 LUFS).
 * - Gating: 400 ms blocks every 100 ms (75 % overlap); blocks under −70 LUFS are dropped (absolute gate), then
 *   those more than 10 LU under the mean of the rest (relative gate). A clip shorter than 400 ms (a lone kana
 *   can be) is one block, the whole clip.
 */

/** What every system-voice clip is brought to: −20 LUFS, the quiet end of AES TD1004's −16 to −20 LUFS for
 *  streamed speech and 3 LU above EBU R128's broadcast −23. Chosen by the headroom the clips need: Open JTalk's
 *  peak-to-loudness ratio is 13–20 dB (median 15.5, 99th percentile 19–20 over 100 random kana, words and
 *  sentences), so at −20 LUFS under a −1 dBFS ceiling the ceiling lowers almost no clip, and none by more than
 *  a fraction of a dB; at −18 one clip in ten would be held 0.5–2 LU under the target. */
export const SPEECH_TARGET_LUFS = -20;
/** The highest sample peak a normalised clip may have: −1 dBFS, EBU R128's margin for the lossy encoder. */
export const SPEECH_PEAK_CEILING_DBFS = -1;

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const BLOCK_SECONDS = 0.4;
const STEP_SECONDS = 0.1;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two K-weighting stages for a sample rate (BS.1770-4 Annex 1, designed by the bilinear transform). */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: the head's acoustic effect, a high shelf.
  const f1 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q1 = 0.7071752369554196;
  const k1 = Math.tan((Math.PI * f1) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a01 = 1 + k1 / q1 + k1 * k1;
  const shelf: Biquad = {
    b0: (vh + (vb * k1) / q1 + k1 * k1) / a01,
    b1: (2 * (k1 * k1 - vh)) / a01,
    b2: (vh - (vb * k1) / q1 + k1 * k1) / a01,
    a1: (2 * (k1 * k1 - 1)) / a01,
    a2: (1 - k1 / q1 + k1 * k1) / a01,
  };
  // Stage 2: the RLB high-pass.
  const f2 = 38.13547087602444;
  const q2 = 0.5003270373238773;
  const k2 = Math.tan((Math.PI * f2) / sampleRate);
  const a02 = 1 + k2 / q2 + k2 * k2;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k2 * k2 - 1)) / a02, a2: (1 - k2 / q2 + k2 * k2) / a02 };
  return [shelf, highPass];
}

/** The signal through both K-weighting stages (direct form I, in double precision). */
export function kWeight(pcm: Pcm): Float64Array {
  const out = new Float64Array(pcm.samples.length);
  let input: ArrayLike<number> = pcm.samples;
  for (const f of kWeightingFilters(pcm.sampleRate)) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < input.length; i++) {
      const x = input[i];
      const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
    input = out;
  }
  return out;
}

const loudnessOf = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness in LUFS; −Infinity when nothing passes the absolute gate (silence, or an empty clip).
 */
export function integratedLoudness(pcm: Pcm): number {
  const weighted = kWeight(pcm);
  const n = weighted.length;
  if (n === 0) return -Infinity;
  // Running sums of squares: each block's mean square in O(1).
  const cumulative = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) cumulative[i + 1] = cumulative[i] + weighted[i] * weighted[i];
  const blockLength = Math.round(BLOCK_SECONDS * pcm.sampleRate);
  const step = Math.round(STEP_SECONDS * pcm.sampleRate);
  const blocks: number[] = [];
  if (n < blockLength) {
    blocks.push(cumulative[n] / n);
  } else {
    for (let start = 0; start + blockLength <= n; start += step) blocks.push((cumulative[start + blockLength] - cumulative[start]) / blockLength);
  }
  const aboveAbsolute = blocks.filter((z) => z > 0 && loudnessOf(z) > ABSOLUTE_GATE_LUFS);
  if (!aboveAbsolute.length) return -Infinity;
  const relativeGate = loudnessOf(mean(aboveAbsolute)) + RELATIVE_GATE_LU;
  const gated = aboveAbsolute.filter((z) => loudnessOf(z) > relativeGate);
  return loudnessOf(mean(gated));
}

/** The largest absolute sample value, in dBFS (−Infinity for silence). */
export function samplePeakDbfs(pcm: Pcm): number {
  let peak = 0;
  for (const s of pcm.samples) peak = Math.max(peak, Math.abs(s));
  return peak > 0 ? 20 * Math.log10(peak) : -Infinity;
}

export interface Normalised {
  pcm: Pcm;
  /** the gain applied, in dB (0 for a silent clip) */
  gainDb: number;
  /** loudness before and after, LUFS */
  before: number;
  after: number;
  /** true when the peak ceiling, not the target, set the gain (the clip is quieter than the target) */
  peakLimited: boolean;
}

/**
 * One gain for the whole clip: to the target loudness, or less if that would put a sample above the peak
 * ceiling. Never clips and never compresses: the speech's own dynamics stay as the engine made them. A silent
 * clip (nothing above the absolute gate) is left as it is.
 */
export function normaliseLoudness(pcm: Pcm, targetLufs = SPEECH_TARGET_LUFS, ceilingDbfs = SPEECH_PEAK_CEILING_DBFS): Normalised {
  const before = integratedLoudness(pcm);
  const peak = samplePeakDbfs(pcm);
  if (!Number.isFinite(before) || !Number.isFinite(peak)) return { pcm, gainDb: 0, before, after: before, peakLimited: false };
  let gainDb = targetLufs - before;
  const peakLimited = peak + gainDb > ceilingDbfs;
  if (peakLimited) gainDb = ceilingDbfs - peak;
  const factor = 10 ** (gainDb / 20);
  const samples = new Float32Array(pcm.samples.length);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.samples[i] * factor;
  // Float32 rounding can lift the loudest sample a hair over the ceiling: pull the gain back by that hair.
  const out = { sampleRate: pcm.sampleRate, samples };
  const over = samplePeakDbfs(out) - ceilingDbfs;
  if (over > 0) {
    const trim = 10 ** (-(over + 1e-6) / 20);
    for (let i = 0; i < samples.length; i++) samples[i] *= trim;
    gainDb -= over + 1e-6;
  }
  return { pcm: out, gainDb, before, after: before + gainDb, peakLimited };
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
