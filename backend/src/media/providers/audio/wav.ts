/**
 * Just enough RIFF/WAVE for speech: read 8/16-bit PCM, resample, trim silence, write 16-bit mono PCM.
 * espeak-ng and VOICEVOX only write WAV; when no encoder is installed, this keeps the stored file small.
 */

export interface Pcm {
  sampleRate: number;
  /** mono samples in [-1, 1] */
  samples: Float32Array;
}

export function isWav(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';
}

export function parseWav(bytes: Buffer): Pcm {
  if (!isWav(bytes)) throw new Error('not a RIFF/WAVE file');
  let offset = 12;
  let format: { audioFormat: number; channels: number; sampleRate: number; bits: number } | undefined;
  let data: Buffer | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const start = offset + 8;
    // Streamed WAVs (espeak-ng writing to a pipe) leave the data size at 0 or 0xFFFFFFFF: take the rest.
    if (id === 'data' && (size === 0 || size === 0xffffffff || start + size > bytes.length)) size = bytes.length - start;
    if (id === 'fmt ') {
      format = {
        audioFormat: bytes.readUInt16LE(start),
        channels: bytes.readUInt16LE(start + 2),
        sampleRate: bytes.readUInt32LE(start + 4),
        bits: bytes.readUInt16LE(start + 14),
      };
    } else if (id === 'data') {
      data = bytes.subarray(start, start + size);
    }
    offset = start + size + (size % 2);
  }
  if (!format || !data) throw new Error('WAV file without fmt or data chunk');
  // 0xFFFE (WAVE_FORMAT_EXTENSIBLE) carries PCM as well for the bit depths handled here.
  if (format.audioFormat !== 1 && format.audioFormat !== 0xfffe) throw new Error(`unsupported WAV encoding ${format.audioFormat}`);
  if (format.bits !== 16 && format.bits !== 8) throw new Error(`unsupported WAV bit depth ${format.bits}`);
  const bytesPerSample = format.bits / 8;
  const frames = Math.floor(data.length / (bytesPerSample * format.channels));
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < format.channels; c++) {
      const at = (i * format.channels + c) * bytesPerSample;
      sum += format.bits === 16 ? data.readInt16LE(at) / 32768 : (data[at] - 128) / 128;
    }
    samples[i] = sum / format.channels;
  }
  return { sampleRate: format.sampleRate, samples };
}

export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(pcm.sampleRate, 24);
  out.writeUInt32LE(pcm.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.samples.length; i++) {
    const s = Math.max(-1, Math.min(1, pcm.samples[i]));
    out.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
  }
  return out;
}

/** Band-limited resampling (Blackman-windowed sinc), so downsampling does not alias. */
export function resample(pcm: Pcm, targetRate: number): Pcm {
  if (pcm.sampleRate === targetRate) return pcm;
  const ratio = targetRate / pcm.sampleRate;
  const cutoff = Math.min(1, ratio) * 0.95;
  const halfWidth = 12;
  const outLength = Math.floor(pcm.samples.length * ratio);
  const out = new Float32Array(outLength);
  const input = pcm.samples;
  for (let n = 0; n < outLength; n++) {
    const center = n / ratio;
    const first = Math.ceil(center - halfWidth / cutoff);
    const last = Math.floor(center + halfWidth / cutoff);
    let sum = 0;
    let weights = 0;
    for (let k = Math.max(0, first); k <= Math.min(input.length - 1, last); k++) {
      const x = (k - center) * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const t = (k - center) / (halfWidth / cutoff) / 2 + 0.5; // 0..1 across the window
      const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * t) + 0.08 * Math.cos(4 * Math.PI * t);
      const w = sinc * window;
      sum += input[k] * w;
      weights += w;
    }
    out[n] = weights ? sum / weights : 0;
  }
  return { sampleRate: targetRate, samples: out };
}

/** Cuts leading and trailing silence down to `keepMs` (TTS engines pad generously). */
export function trimSilence(pcm: Pcm, threshold = 0.01, keepMs = 80): Pcm {
  const s = pcm.samples;
  let start = 0;
  while (start < s.length && Math.abs(s[start]) < threshold) start++;
  let end = s.length - 1;
  while (end > start && Math.abs(s[end]) < threshold) end--;
  if (start >= end) return pcm;
  const keep = Math.round((keepMs / 1000) * pcm.sampleRate);
  return { sampleRate: pcm.sampleRate, samples: s.slice(Math.max(0, start - keep), Math.min(s.length, end + keep + 1)) };
}

export function durationSeconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}
