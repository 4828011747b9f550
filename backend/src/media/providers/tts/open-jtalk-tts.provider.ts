import { spawn } from 'node:child_process';
import { inBackground } from '../background-process';
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, delimiter, extname, join } from 'node:path';
import { toHiragana, toKatakana } from '../../../content';
import { MediaJobError } from '../../media-job-error';
import { compressSpeech } from '../audio/compress-audio';
import { isWav } from '../audio/wav';
import {
  checkSegmentReadings,
  type FuriganaSegment,
  hasFurigana,
  kanaSegments,
  type OpenJTalkToken,
  parseFurigana,
  parseOpenJTalkTrace,
  type ReadingMismatch,
  stripFurigana,
  wordReadingMismatch,
} from './open-jtalk-reading';
import { SpeechAudio, SpeechOptions, TtsProvider } from './tts-provider';

/** Debian's paths (packages open-jtalk-mecab-naist-jdic and hts-voice-nitech-jp-atr503-m001). */
export const OPEN_JTALK_DICTIONARY = '/var/lib/mecab/dic/open-jtalk/naist-jdic';
export const OPEN_JTALK_VOICE = '/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice';

const INSTALL = "apt-get install open-jtalk open-jtalk-mecab-naist-jdic hts-voice-nitech-jp-atr503-m001 (the voice is in Debian's contrib component)";
export const OPEN_JTALK_MISSING = `Open JTalk is not installed on the worker machine. Install it with: ${INSTALL}`;

/**
 * open_jtalk's -g when none is set: −10 dB. Its clips come out at −33 to −16 LUFS with peaks at full scale (it
 * clips about 3 clips in 100 at 0 dB: う, 日本語); the loudness is set afterwards (compressSpeech, loudness.ts),
 * so the engine only needs to stay clear of full scale, which 10 dB of headroom does (none of 100 clipped).
 */
export const OPEN_JTALK_HEADROOM_DB = -10;

/** open_jtalk reads one line into a 1,024-byte buffer and silently cuts what does not fit. */
const MAX_TEXT_BYTES = 1000;

export interface OpenJTalkSettings {
  /** the command (OPEN_JTALK_PATH), the dictionary directory and the .htsvoice file */
  command?: string;
  dictionary?: string;
  voice?: string;
  /** tuning: -r speech speed rate (1.0), -fm added half-tones (0), -g volume in dB (OPEN_JTALK_HEADROOM_DB: the clip's
   *  loudness is normalised afterwards, so this is only the engine's headroom), -b postfilter (0.0),
   *  -a all-pass constant (the voice's own, 0.55 for nitech-jp-atr503-m001) */
  speed?: number;
  halfTone?: number;
  volumeDb?: number;
  postFilter?: number;
  allPass?: number;
  /** one run of open_jtalk (a sentence takes about 0.1 s) */
  timeoutMs?: number;
  onEncoderError?: (e: Error) => void;
}

const installed = new Map<string, boolean>();

/**
 * Are the command, the dictionary and the voice there? Checked once per process for each set of paths: the
 * default speech provider is Open JTalk when it is installed, else espeak-ng.
 */
export function isOpenJTalkInstalled(paths: { command: string; dictionary: string; voice: string }): boolean {
  const key = JSON.stringify([paths.command, paths.dictionary, paths.voice]);
  let found = installed.get(key);
  if (found === undefined) {
    found = commandExists(paths.command) && existsSync(join(paths.dictionary, 'sys.dic')) && existsSync(paths.voice);
    installed.set(key, found);
  }
  return found;
}

function commandExists(command: string): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes('/')) return executable(command);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, command)));
}

interface Run {
  text: string;
  wav: Buffer;
  tokens: OpenJTalkToken[];
}

/**
 * Open JTalk (HTS voice nitech-jp-atr503-m001 on NAIST-jdic), no key needed: a natural Japanese voice that
 * reads kanji itself. Its analyser sometimes reads a word otherwise than the card (一日 いちにち for ついたち,
 * 日本 にっぽん for にほん): with the card's furigana (or a lone word's reading) the first run's trace is checked
 * (open-jtalk-reading.ts), and the kanji it misread are spoken again in katakana; a second run that still
 * contradicts the card fails the job rather than store a wrong clip. At most two runs per clip.
 */
export class OpenJTalkTtsProvider implements TtsProvider {
  readonly name = 'open-jtalk';
  private readonly command: string;
  private readonly dictionary: string;
  private readonly voice: string;

  constructor(private readonly settings: OpenJTalkSettings = {}) {
    this.command = settings.command ?? 'open_jtalk';
    this.dictionary = settings.dictionary ?? OPEN_JTALK_DICTIONARY;
    this.voice = settings.voice ?? OPEN_JTALK_VOICE;
  }

  /** the voice's name: its file's base name, _ as - (nitech_jp_atr503_m001.htsvoice → nitech-jp-atr503-m001, as
   *  Debian's package and the credits name it) */
  get voiceName(): string {
    return basename(this.voice, extname(this.voice)).replace(/_/g, '-');
  }

  async synthesize(text: string, signal?: AbortSignal, options: SpeechOptions = {}): Promise<SpeechAudio> {
    const card = cardReading(text, options);
    const dir = await mkdtemp(join(tmpdir(), 'kioku-open-jtalk-'));
    try {
      // A lone word Open JTalk cannot say at all (〇) is said by its reading.
      let spoken = await this.run(card.text, dir, 1, signal).catch((error: unknown) => {
        if (error instanceof NothingToSay && card.reading) return null;
        throw error;
      });
      if (!spoken) {
        spoken = await this.sayReading(card.text, card.reading!, dir, signal);
      } else if (card.segments) {
        const misread = checkSegmentReadings(spoken.text, card.segments, spoken.tokens);
        if (misread.length) {
          const segments = kanaSegments(card.segments, misread);
          spoken = await this.run(segments.map((s) => s.text).join(''), dir, 2, signal);
          const still = checkSegmentReadings(spoken.text, segments, spoken.tokens);
          if (still.length) throw contradicts(still);
        }
      } else if (card.reading && wordReadingMismatch(spoken.tokens, card.reading)) {
        spoken = await this.sayReading(card.text, card.reading, dir, signal);
      }
      const audio = await compressSpeech(spoken.wav, { maxRate: 24_000, onEncoderError: this.settings.onEncoderError });
      return {
        bytes: audio.bytes,
        ext: audio.ext,
        contentType: audio.contentType,
        spec: 'open-jtalk',
        spokenText: spoken.text,
        voice: this.voiceName,
        durationMs: audio.durationMs,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The second run of a lone word: its reading in katakana (Open JTalk keeps it one word: ハハ, not the particles
   * はは), or in hiragana when the katakana is the text the first run already spoke (シーレン: しーれん).
   */
  private async sayReading(text: string, reading: string, dir: string, signal?: AbortSignal): Promise<Run> {
    const katakana = toKatakana(reading);
    const spoken = await this.run(katakana !== text ? katakana : toHiragana(reading), dir, 2, signal);
    const still = wordReadingMismatch(spoken.tokens, reading);
    if (still) throw contradicts([{ span: reading, expected: still.expected, heard: still.heard }]);
    return spoken;
  }

  /** One run: the text goes in a file (never on the command line), the WAV and the trace come back as files. */
  private async run(text: string, dir: string, n: number, signal?: AbortSignal): Promise<Run> {
    const bytes = Buffer.byteLength(text);
    if (bytes > MAX_TEXT_BYTES) {
      throw new MediaJobError(`The text is too long for Open JTalk (${bytes} bytes in UTF-8, at most ${MAX_TEXT_BYTES}, about 330 characters). Shorten it or use another speech provider.`, false);
    }
    const input = join(dir, `in-${n}.txt`);
    const wav = join(dir, `out-${n}.wav`);
    const trace = join(dir, `trace-${n}.txt`);
    await writeFile(input, `${text}\n`);
    await this.exec(['-x', this.dictionary, '-m', this.voice, ...this.tuning(), '-ow', wav, '-ot', trace, input], text, signal);
    const [audio, analysis] = await Promise.all([readFile(wav), readFile(trace, 'utf8')]).catch((error: Error) => {
      throw new MediaJobError(`Open JTalk finished without writing its output (${error.message}).`, true);
    });
    if (!isWav(audio)) throw new MediaJobError(`Open JTalk did not write a WAV file for "${text}".`, false);
    return { text, wav: audio, tokens: parseOpenJTalkTrace(analysis) };
  }

  private tuning(): string[] {
    const { speed, halfTone, volumeDb, postFilter, allPass } = this.settings;
    const flags: Array<[string, number | undefined]> = [
      ['-r', speed],
      ['-fm', halfTone],
      ['-g', volumeDb ?? OPEN_JTALK_HEADROOM_DB],
      ['-b', postFilter],
      ['-a', allPass],
    ];
    return flags.flatMap(([flag, value]) => (value === undefined || !Number.isFinite(value) ? [] : [flag, String(value)]));
  }

  private exec(args: string[], text: string, signal?: AbortSignal): Promise<void> {
    const timeoutMs = this.settings.timeoutMs ?? 60_000;
    return new Promise((resolve, reject) => {
      const child = inBackground(spawn(this.command, args, { stdio: ['ignore', 'ignore', 'pipe'], signal }));
      // Our own deadline: spawn's `timeout` option leaves its timer running when the command does not exist.
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.on('close', () => clearTimeout(timer));
      child.on('error', () => clearTimeout(timer));
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < 4000) stderr += d.toString();
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') reject(new MediaJobError(OPEN_JTALK_MISSING, false));
        else reject(new MediaJobError(`Open JTalk could not be run: ${error.message}`, true));
      });
      child.on('close', (code, killedBy) => {
        if (code === 0) resolve();
        else if (timedOut) reject(new MediaJobError(`Open JTalk took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`, true));
        else if (killedBy) reject(new MediaJobError(`Open JTalk was stopped (${killedBy}) before it finished.`, true));
        else reject(this.failure(code, stderr, text));
      });
    });
  }

  /** open_jtalk exits 1 with a one-line reason on stderr. */
  private failure(code: number | null, stderr: string, text: string): MediaJobError {
    if (/cannot be loaded/i.test(stderr)) {
      const missing = [
        !existsSync(join(this.dictionary, 'sys.dic')) && `the dictionary ${this.dictionary} (OPEN_JTALK_DICTIONARY)`,
        !existsSync(this.voice) && `the voice ${this.voice} (OPEN_JTALK_VOICE)`,
      ].filter(Boolean);
      const what = missing.length ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing` : `its dictionary ${this.dictionary} or its voice ${this.voice} is unreadable`;
      return new MediaJobError(`Open JTalk could not load its dictionary or voice: ${what}. Install them with: ${INSTALL}`, false);
    }
    if (/cannot be synthesized|no phoneme/i.test(stderr)) return new NothingToSay(text);
    const message = stderr.replace(/\s+/g, ' ').trim().slice(0, 300) || 'no message';
    return new MediaJobError(`Open JTalk failed (exit ${code}): ${message}`, false);
  }
}

/**
 * What the card says about the reading. Furigana come from the options, or from the text itself when it is
 * written with ruby (父[ちち]は…); their plain text must be the text (spaces aside). Line breaks become spaces:
 * open_jtalk reads one line.
 */
function cardReading(text: string, options: SpeechOptions): { text: string; segments?: FuriganaSegment[]; reading?: string } {
  const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
  const inline = hasFurigana(text);
  const furigana = options.furigana?.trim() ? oneLine(options.furigana) : inline ? oneLine(text) : undefined;
  const plain = oneLine(inline ? stripFurigana(text) : text);
  if (furigana) {
    const own = stripFurigana(furigana);
    if (own.replace(/\s+/g, '') !== plain.replace(/\s+/g, '')) {
      throw new MediaJobError(`The furigana "${furigana}" are not of the text "${plain}", so the reading of the clip cannot be checked. Correct the furigana, then fetch the audio again.`, false);
    }
    if (!own) throw new MediaJobError('There is no text to speak.', false);
    return { text: own, segments: parseFurigana(furigana) };
  }
  if (!plain) throw new MediaJobError('There is no text to speak.', false);
  const reading = options.reading?.trim();
  return { text: plain, reading: reading || undefined };
}

class NothingToSay extends MediaJobError {
  constructor(text: string) {
    super(`Open JTalk found nothing it can say in "${text}".`, false);
  }
}

function contradicts(still: Array<Pick<ReadingMismatch, 'span' | 'expected' | 'heard'>>): MediaJobError {
  const what = [...new Set(still.map((m) => `${m.span} as ${m.heard || '(nothing it could line up)'} where the card says ${m.expected}`))].join('; ');
  return new MediaJobError(
    `Open JTalk reads ${what}, even with the reading written in kana. No clip was made, so the audio cannot contradict the card: check the card's reading, or use another speech provider for this card.`,
    false,
  );
}
