import { setEncoderForTests } from '../audio/compress-audio';
import { durationSeconds, parseWav } from '../audio/wav';
import { MediaJobError } from '../../media-job-error';
import { ESPEAK_MISSING, EspeakTtsProvider } from './espeak-tts.provider';

const KANA_ONLY = /^[\u3040-\u30ffー、。\s]+$/;

/** The format by its magic bytes, and the duration where it can be read without a decoder. */
function inspect(bytes: Buffer): { format: string; seconds?: number } {
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE') return { format: 'wav', seconds: durationSeconds(parseWav(bytes)) };
  if (bytes.toString('ascii', 0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return { format: 'mp3' };
  if (bytes.toString('ascii', 0, 4) === 'OggS') return { format: 'ogg' };
  return { format: 'unknown' };
}

describe('EspeakTtsProvider (the real espeak-ng)', () => {
  afterEach(() => setEncoderForTests(undefined));

  it('speaks 日本語を勉強します from its kuromoji pronunciation into a playable file', async () => {
    const provider = new EspeakTtsProvider();
    const audio = await provider.synthesize('日本語を勉強します');
    // Kanji never reach espeak-ng: its Japanese voice would read them as "Chinese letter".
    expect(audio.spokenText).toMatch(KANA_ONLY);
    expect(audio.spokenText).toBe('ニホンゴヲベンキョーシマス');
    expect(audio.spec).toBe('espeak-ng');
    const info = inspect(audio.bytes);
    expect(['wav', 'mp3', 'ogg']).toContain(info.format);
    expect(audio.ext).toBe(info.format);
    if (info.format === 'wav') {
      expect(audio.contentType).toBe('audio/wav');
      const pcm = parseWav(audio.bytes);
      expect(pcm.sampleRate).toBe(16_000); // downsampled from espeak's 22050 Hz
      expect(info.seconds).toBeGreaterThan(1);
      expect(info.seconds).toBeLessThan(6);
      // 16 kHz 16-bit mono: ~32 KB per second, smaller than espeak's own file.
      expect(audio.bytes.length).toBeLessThan(32_000 * 6 + 44);
      // Not silence.
      expect(pcm.samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeGreaterThan(0.1);
    }
  });

  it('stores plain WAV when no encoder is installed', async () => {
    setEncoderForTests(null);
    const audio = await new EspeakTtsProvider().synthesize('ねこ');
    expect(inspect(audio.bytes).format).toBe('wav');
    expect(audio.ext).toBe('wav');
  });

  it('reads furigana-marked sentences without the brackets and keeps kana as they are', async () => {
    const audio = await new EspeakTtsProvider().synthesize('父[ちち]は国[くに]の官僚[かんりょう]です。');
    expect(audio.spokenText).toMatch(KANA_ONLY);
    expect(audio.spokenText).not.toMatch(/[[\]]/);
  });

  it('fails, not retried, with the install command when espeak-ng is missing', async () => {
    const provider = new EspeakTtsProvider('/nonexistent/espeak-ng');
    const error = await provider.synthesize('ねこ').catch((e) => e);
    expect(error).toBeInstanceOf(MediaJobError);
    expect(error.message).toBe(ESPEAK_MISSING);
    expect(error.message).toBe('espeak-ng is not installed on the worker machine. Install it with: apt-get install espeak-ng');
    expect(error.retryable).toBe(false);
  });
});
