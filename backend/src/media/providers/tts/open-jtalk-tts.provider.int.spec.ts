import { loadConfig } from '../../../platform/config/config';
import { MediaJobError } from '../../media-job-error';
import { mediaSettings } from '../../media-settings';
import { detectEncoder, setEncoderForTests } from '../audio/compress-audio';
import { durationSeconds, parseWav } from '../audio/wav';
import { createMediaProviders } from '../media-providers';
import { OPEN_JTALK_MISSING, OpenJTalkTtsProvider } from './open-jtalk-tts.provider';

/** The real open_jtalk with Debian's dictionary and voice (scripts/system-packages.sh installs them). */
const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);

describe('OpenJTalkTtsProvider (the real open_jtalk)', () => {
  const provider = new OpenJTalkTtsProvider();
  afterEach(() => setEncoderForTests(undefined));

  it('speaks a sentence: about 2–3 s of clearly audible speech at 24 kHz (the WAV path)', async () => {
    setEncoderForTests(null);
    const text = '昨日、友達と寿司を食べました。';
    const audio = await provider.synthesize(text, undefined, { furigana: '昨日[きのう]、友達[ともだち]と寿司[すし]を食[た]べました。' });
    expect(audio).toMatchObject({ ext: 'wav', contentType: 'audio/wav', spec: 'open-jtalk', voice: 'nitech-jp-atr503-m001', spokenText: text });
    const pcm = parseWav(audio.bytes);
    expect(pcm.sampleRate).toBe(24_000); // Open JTalk writes 48 kHz
    const seconds = durationSeconds(pcm);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);
    expect(audio.durationMs).toBe(Math.round(seconds * 1000));
    // Speech, not silence: the RMS of the whole (silence-trimmed) clip is well above the noise floor.
    expect(rms(pcm.samples)).toBeGreaterThan(0.03);
    expect(pcm.samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeGreaterThan(0.2);
  });

  it('stores Ogg Opus by default (opusenc installed): audio/ogg starting with OggS, about 3 KB per second', async () => {
    expect(detectEncoder()).toBe('opusenc');
    const audio = await provider.synthesize('昨日、友達と寿司を食べました。');
    expect(audio).toMatchObject({ ext: 'ogg', contentType: 'audio/ogg', spec: 'open-jtalk' });
    expect(audio.bytes.toString('ascii', 0, 4)).toBe('OggS');
    expect(audio.bytes.subarray(28, 36).toString('ascii')).toBe('OpusHead');
    const bytesPerSecond = audio.bytes.length / (audio.durationMs! / 1000);
    expect(bytesPerSecond).toBeGreaterThan(1_500);
    expect(bytesPerSecond).toBeLessThan(4_500); // 24 kbit/s; the WAV would be 48,000
    // The same speech gives the same bytes (and the same content-hash name).
    expect((await provider.synthesize('昨日、友達と寿司を食べました。')).bytes.equals(audio.bytes)).toBe(true);
  });

  it('follows the card: 一日[ついたち] is spoken ツイタチ, not the いちにち Open JTalk reads', async () => {
    const plain = await provider.synthesize('一日に行きます。');
    expect(plain.spokenText).toBe('一日に行きます。');
    const card = await provider.synthesize('一日に行きます。', undefined, { furigana: '一日[ついたち]に行[い]きます。' });
    expect(card.spokenText).toBe('ツイタチに行きます。');
    expect(card.spokenText).toContain('ツイタチ'); // ついたち
    // A clip of its own, not the first run's.
    expect(card.bytes.equals(plain.bytes)).toBe(false);
    // Agreeing furigana change nothing.
    expect((await provider.synthesize('今日は寒いです。', undefined, { furigana: '今日[きょう]は寒[さむ]いです。' })).spokenText).toBe('今日は寒いです。');
  });

  it('reads furigana written into the text itself, and speaks the text without brackets', async () => {
    const audio = await provider.synthesize('日本[にほん]に行[い]きます。');
    expect(audio.spokenText).toBe('ニホンに行きます。'); // Open JTalk alone says にっぽん
  });

  it('a lone word with its reading: spoken as the reading when Open JTalk reads it otherwise', async () => {
    expect((await provider.synthesize('一日', undefined, { reading: 'ついたち' })).spokenText).toBe('ツイタチ');
    expect((await provider.synthesize('一日', undefined, { reading: 'いちにち' })).spokenText).toBe('一日');
    expect((await provider.synthesize('今日', undefined, { reading: 'こんにち' })).spokenText).toBe('コンニチ');
    expect((await provider.synthesize('今日', undefined, { reading: 'きょう' })).spokenText).toBe('今日');
    // 〇 alone is nothing Open JTalk can say: its reading is.
    expect((await provider.synthesize('〇', undefined, { reading: 'まる' })).spokenText).toBe('マル');
    // The kana card は: Open JTalk reads a lone は as the particle わ; ハ is は.
    expect((await provider.synthesize('は', undefined, { reading: 'は' })).spokenText).toBe('ハ');
    expect((await provider.synthesize('あ', undefined, { reading: 'あ' })).spokenText).toBe('あ');
    // Already katakana and read otherwise (シー as スィー): the second run tries the hiragana.
    expect((await provider.synthesize('シーレン', undefined, { reading: 'しーれん' })).spokenText).toBe('しーれん');
  });

  it('makes no clip rather than one that contradicts the card', async () => {
    // ヘム is read as the particle へ (え) + ム, in katakana too.
    const error = await provider.synthesize('ヘム', undefined, { reading: 'へむ' }).catch((e) => e);
    expect(error).toBeInstanceOf(MediaJobError);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('Open JTalk reads へむ as えむ where the card says へむ');
    expect(error.message).toContain('No clip was made');
  });

  it('refuses furigana of another text, an empty text and a text too long for open_jtalk', async () => {
    const other = await provider.synthesize('明日は休みです。', undefined, { furigana: '今日[きょう]は休[やす]みです。' }).catch((e) => e);
    expect(other).toBeInstanceOf(MediaJobError);
    expect(other.retryable).toBe(false);
    expect(other.message).toContain('are not of the text');
    expect((await provider.synthesize('  ').catch((e) => e)).message).toBe('There is no text to speak.');
    const long = await provider.synthesize('あ'.repeat(400)).catch((e) => e);
    expect(long.message).toContain('too long for Open JTalk');
    expect(long.retryable).toBe(false);
  });

  it('fails, not retried, with the install command when open_jtalk is missing', async () => {
    const error = await new OpenJTalkTtsProvider({ command: '/nonexistent/open_jtalk' }).synthesize('ねこ').catch((e) => e);
    expect(error).toBeInstanceOf(MediaJobError);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(OPEN_JTALK_MISSING);
    expect(error.message).toBe(
      "Open JTalk is not installed on the worker machine. Install it with: apt-get install open-jtalk open-jtalk-mecab-naist-jdic hts-voice-nitech-jp-atr503-m001 (the voice is in Debian's contrib component)",
    );
  });

  it('names a missing voice or dictionary', async () => {
    const error = await new OpenJTalkTtsProvider({ voice: '/nonexistent/voice.htsvoice' }).synthesize('ねこ').catch((e) => e);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('the voice /nonexistent/voice.htsvoice (OPEN_JTALK_VOICE) is missing');
    expect(error.message).toContain('apt-get install open-jtalk');
    const noDictionary = await new OpenJTalkTtsProvider({ dictionary: '/nonexistent/dic' }).synthesize('ねこ').catch((e) => e);
    expect(noDictionary.message).toContain('the dictionary /nonexistent/dic (OPEN_JTALK_DICTIONARY) is missing');
  });

  it('stops when the job is aborted (retried later)', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await provider.synthesize('ねこ', controller.signal).catch((e) => e);
    expect(error).toBeInstanceOf(MediaJobError);
    expect(error.retryable).toBe(true);
  });

  it('takes tuning: a faster speed rate gives a shorter clip', async () => {
    const text = '毎朝、駅まで歩いて行きます。';
    const normal = await provider.synthesize(text);
    const fast = await new OpenJTalkTtsProvider({ speed: 1.4 }).synthesize(text);
    expect(fast.durationMs!).toBeLessThan(normal.durationMs! * 0.85);
  });

  it('is the default speech provider where it is installed, espeak-ng where it is not', () => {
    const settings = mediaSettings(loadConfig({}));
    expect(settings.tts).toEqual({
      kind: 'open-jtalk',
      command: 'open_jtalk',
      dictionary: '/var/lib/mecab/dic/open-jtalk/naist-jdic',
      voice: '/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice',
    });
    expect(createMediaProviders(settings).tts?.name).toBe('open-jtalk');
    expect(mediaSettings(loadConfig({ OPEN_JTALK_VOICE: '/nonexistent/voice.htsvoice' })).tts.kind).toBe('espeak');
    expect(mediaSettings(loadConfig({ OPEN_JTALK_PATH: '/nonexistent/open_jtalk' })).tts.kind).toBe('espeak');
    expect(mediaSettings(loadConfig({ TTS_PROVIDER: 'espeak' })).tts.kind).toBe('espeak');
    expect(mediaSettings(loadConfig({ TTS_PROVIDER: 'open-jtalk', OPEN_JTALK_PATH: '/opt/bin/open_jtalk' })).tts).toMatchObject({ kind: 'open-jtalk', command: '/opt/bin/open_jtalk' });
    expect(mediaSettings(loadConfig({ VOICEVOX_URL: 'http://127.0.0.1:50021' })).tts.kind).toBe('voicevox');
  });
});
