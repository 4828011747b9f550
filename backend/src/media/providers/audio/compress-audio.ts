import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runInBackground } from '../background-process';
import { normaliseLoudness } from './loudness';
import { durationSeconds, encodeWav, isWav, type Pcm, parseWav, resample, trimSilence } from './wav';

const run = promisify(execFile);

export interface StoredAudio {
  bytes: Buffer;
  ext: 'mp3' | 'ogg' | 'wav';
  contentType: string;
  /** how it was encoded, for logs and docs */
  codec: string;
  /** the length of the speech after trimming its silence */
  durationMs: number;
  /** the clip's integrated loudness after normalisation (LUFS; -Infinity for silence), and the gain applied */
  loudness: { lufs: number; gainDb: number; peakLimited: boolean };
}

type Encoder = 'opusenc' | 'lame' | 'ffmpeg';

let detected: Encoder | null | undefined;

/**
 * The first audio encoder installed on the machine. Ogg Opus first: the smallest file for speech (24 kbit/s
 * mono, about 3 KB per second), played by every current browser (Safari from 17); opusenc is the tiny Debian
 * package opus-tools, which scripts/system-packages.sh installs. Then MP3 (lame, ffmpeg). `command -v` through
 * sh, checked once per process.
 */
export function detectEncoder(): Encoder | null {
  if (detected !== undefined) return detected;
  detected = null;
  for (const candidate of ['opusenc', 'lame', 'ffmpeg'] as const) {
    const found = spawnSync('sh', ['-c', `command -v ${candidate}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) {
      detected = candidate;
      break;
    }
  }
  return detected;
}

/** for tests: forget the detected encoder (or force one: null = plain WAV) */
export function setEncoderForTests(encoder: Encoder | null | undefined): void {
  detected = encoder;
}

async function encodeWith(encoder: Encoder, wav: Buffer): Promise<Omit<StoredAudio, 'durationMs' | 'loudness'>> {
  const dir = await mkdtemp(join(tmpdir(), 'kioku-audio-'));
  try {
    const input = join(dir, 'in.wav');
    await writeFile(input, wav);
    if (encoder === 'opusenc') {
      const output = join(dir, 'out.ogg');
      // The Ogg stream serial is random unless given: taken from the audio, the same speech gives the same bytes
      // (and the same content-hash name). No padding reserved for tags nobody adds later (512 bytes by default).
      const serial = String(createHash('sha256').update(wav).digest().readUInt32BE(0) & 0x7fffffff);
      await runInBackground(run('opusenc', ['--quiet', '--bitrate', '24', '--downmix-mono', '--serial', serial, '--padding', '0', input, output], { timeout: 60_000 }));
      return { bytes: await readFile(output), ext: 'ogg', contentType: 'audio/ogg', codec: 'opus 24 kbit/s (opusenc)' };
    }
    if (encoder === 'lame') {
      const output = join(dir, 'out.mp3');
      await runInBackground(run('lame', ['--quiet', '-m', 'm', '-V', '6', input, output], { timeout: 60_000 }));
      return { bytes: await readFile(output), ext: 'mp3', contentType: 'audio/mpeg', codec: 'mp3 (lame)' };
    }
    const output = join(dir, 'out.mp3');
    await runInBackground(run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-b:a', '48k', output], { timeout: 60_000 }));
    return { bytes: await readFile(output), ext: 'mp3', contentType: 'audio/mpeg', codec: 'mp3 (ffmpeg)' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Speech WAV → the smallest file browsers play: brought to one loudness (loudness.ts: −20 LUFS integrated,
 * sample peak at most −1 dBFS, one gain per clip, never clipped), silence-trimmed, then Ogg Opus (or MP3) through an installed
 * encoder; otherwise (and if the encoder fails) 16-bit mono PCM WAV resampled to at most `maxRate` Hz. Opus
 * gets the engine's own rate: it works at 48 kHz inside and band-limits itself (at 24 kbit/s, to 12 kHz),
 * so resampling first would only cost time (~70 ms for a 3 s sentence) for the same file. Gzip is not an
 * option: an <audio> element cannot play it.
 */
export async function compressSpeech(wav: Buffer, options: { maxRate: number; onEncoderError?: (error: Error) => void }): Promise<StoredAudio> {
  if (!isWav(wav)) throw new Error('the speech engine did not return a WAV file');
  // The trim at the target level (its threshold then means the same for every clip, whatever level the engine
  // spoke at), then the loudness of what is kept: a short word's 400 ms blocks differ with and without padding.
  const even = normaliseLoudness(trimSilence(normaliseLoudness(parseWav(wav)).pcm));
  const trimmed = even.pcm;
  const durationMs = Math.round(durationSeconds(trimmed) * 1000);
  const loudness = { lufs: even.after, gainDb: even.gainDb, peakLimited: even.peakLimited };
  let small: Pcm | undefined;
  const downsampled = () => (small ??= trimmed.sampleRate > options.maxRate ? resample(trimmed, options.maxRate) : trimmed);
  const encoder = detectEncoder();
  if (encoder) {
    try {
      return { ...(await encodeWith(encoder, encodeWav(encoder === 'opusenc' ? trimmed : downsampled()))), durationMs, loudness };
    } catch (error) {
      options.onEncoderError?.(error as Error);
    }
  }
  const pcm = downsampled();
  return { bytes: encodeWav(pcm), ext: 'wav', contentType: 'audio/wav', codec: `pcm_s16le ${pcm.sampleRate} Hz mono`, durationMs, loudness };
}
