import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, isWav, parseWav, resample, trimSilence } from './wav';

const run = promisify(execFile);

export interface StoredAudio {
  bytes: Buffer;
  ext: 'mp3' | 'ogg' | 'wav';
  contentType: string;
  /** how it was encoded, for logs and docs */
  codec: string;
}

type Encoder = 'lame' | 'ffmpeg' | 'opusenc';

let detected: Encoder | null | undefined;

/**
 * The first audio encoder installed on the machine, in order of browser support: MP3 plays everywhere;
 * Ogg Opus is smaller but only recent Safari plays it. `command -v` through sh, checked once per process.
 */
export function detectEncoder(): Encoder | null {
  if (detected !== undefined) return detected;
  detected = null;
  for (const candidate of ['lame', 'ffmpeg', 'opusenc'] as const) {
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

async function encodeWith(encoder: Encoder, wav: Buffer): Promise<StoredAudio> {
  const dir = await mkdtemp(join(tmpdir(), 'kioku-audio-'));
  try {
    const input = join(dir, 'in.wav');
    await writeFile(input, wav);
    if (encoder === 'lame') {
      const output = join(dir, 'out.mp3');
      await run('lame', ['--quiet', '-m', 'm', '-V', '6', input, output], { timeout: 60_000 });
      return { bytes: await readFile(output), ext: 'mp3', contentType: 'audio/mpeg', codec: 'mp3 (lame)' };
    }
    if (encoder === 'ffmpeg') {
      const output = join(dir, 'out.mp3');
      await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-b:a', '48k', output], { timeout: 60_000 });
      return { bytes: await readFile(output), ext: 'mp3', contentType: 'audio/mpeg', codec: 'mp3 (ffmpeg)' };
    }
    const output = join(dir, 'out.ogg');
    await run('opusenc', ['--quiet', '--bitrate', '32', '--downmix-mono', input, output], { timeout: 60_000 });
    return { bytes: await readFile(output), ext: 'ogg', contentType: 'audio/ogg', codec: 'opus (opusenc)' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Speech WAV → the smallest file browsers play: MP3/Opus through an installed encoder; otherwise (and if the
 * encoder fails) 16-bit mono PCM WAV, silence-trimmed and resampled to at most `maxRate` Hz. Gzip is not an
 * option: an <audio> element cannot play it.
 */
export async function compressSpeech(wav: Buffer, options: { maxRate: number; onEncoderError?: (error: Error) => void }): Promise<StoredAudio> {
  if (!isWav(wav)) throw new Error('the speech engine did not return a WAV file');
  const parsed = trimSilence(parseWav(wav));
  const pcm = parsed.sampleRate > options.maxRate ? resample(parsed, options.maxRate) : parsed;
  const small = encodeWav(pcm);
  const encoder = detectEncoder();
  if (encoder) {
    try {
      return await encodeWith(encoder, small);
    } catch (error) {
      options.onEncoderError?.(error as Error);
    }
  }
  return { bytes: small, ext: 'wav', contentType: 'audio/wav', codec: `pcm_s16le ${pcm.sampleRate} Hz mono` };
}
