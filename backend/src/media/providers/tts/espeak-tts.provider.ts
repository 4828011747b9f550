import { spawn } from 'node:child_process';
import { inBackground } from '../background-process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaJobError } from '../../media-job-error';
import { compressSpeech } from '../audio/compress-audio';
import { pronunciationOf } from '../kuromoji';
import { SpeechAudio, TtsProvider } from './tts-provider';

export const ESPEAK_MISSING = 'espeak-ng is not installed on the worker machine. Install it with: apt-get install espeak-ng';

/**
 * The default voice, no key needed: espeak-ng's Japanese voice reads kana only (kanji come out as "Chinese
 * letter"), so the text is first turned into its pronunciation with kuromoji. Robotic but right, and marked
 * synthetic (audio_spec 'espeak-ng') so an admin can replace it.
 */
export class EspeakTtsProvider implements TtsProvider {
  readonly name = 'espeak-ng';

  constructor(
    private readonly command = 'espeak-ng',
    private readonly voice = 'ja',
    private readonly options: { speed?: number; timeoutMs?: number; onEncoderError?: (e: Error) => void } = {},
  ) {}

  async synthesize(text: string, signal?: AbortSignal): Promise<SpeechAudio> {
    const spokenText = await pronunciationOf(text);
    const dir = await mkdtemp(join(tmpdir(), 'kioku-espeak-'));
    try {
      const out = join(dir, 'out.wav');
      await this.speak(spokenText, out, signal);
      const audio = await compressSpeech(await readFile(out), { maxRate: 16_000, onEncoderError: this.options.onEncoderError });
      return { bytes: audio.bytes, ext: audio.ext, contentType: audio.contentType, spec: 'espeak-ng', spokenText };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Text goes in on stdin, so nothing in it can be taken for an option. */
  private speak(text: string, out: string, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = inBackground(
        spawn(this.command, ['-v', this.voice, '-s', String(this.options.speed ?? 150), '-w', out, '--stdin'], {
          stdio: ['pipe', 'ignore', 'pipe'],
          signal,
        }),
      );
      // Our own deadline: spawn's `timeout` option leaves its timer running when the command does not exist.
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.timeoutMs ?? 60_000);
      child.on('close', () => clearTimeout(timer));
      child.on('error', () => clearTimeout(timer));
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < 2000) stderr += d.toString();
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') reject(new MediaJobError(ESPEAK_MISSING, false));
        else reject(new MediaJobError(`espeak-ng could not be run: ${error.message}`, true));
      });
      child.on('close', (code, killedBy) => {
        if (code === 0) resolve();
        else if (killedBy) reject(new MediaJobError(`espeak-ng was stopped (${killedBy}) before it finished.`, true));
        else reject(new MediaJobError(`espeak-ng failed (exit ${code}): ${stderr.trim().slice(0, 300) || 'no message'}. Check that the Japanese voice is installed (espeak-ng --voices=ja).`, false));
      });
      child.stdin.on('error', () => undefined); // the process died first: 'error'/'close' report it
      child.stdin.end(text);
    });
  }
}
