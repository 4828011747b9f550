import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EspeakTtsProvider } from '../tts/espeak-tts.provider';
import { OPEN_JTALK_DICTIONARY, OPEN_JTALK_VOICE, OpenJTalkTtsProvider } from '../tts/open-jtalk-tts.provider';
import { detectEncoder, setEncoderForTests } from './compress-audio';
import { integratedLoudness, samplePeakDbfs, SPEECH_PEAK_CEILING_DBFS, SPEECH_TARGET_LUFS } from './loudness';
import { parseWav, trimSilence } from './wav';

const run = promisify(execFile);

/**
 * The real open_jtalk (Debian's dictionary and voice) and the real opusenc/opusdec: the clips the system voice
 * stores are at one loudness and never reach full scale (issue 29, item 6). "Before" is what open_jtalk writes
 * (silence-trimmed as the clip is), "after" the stored Ogg Opus decoded again.
 */
const TEXTS = [
  'う',
  '日本',
  '日本語',
  '猫です。',
  '昨日、友達と寿司を食べました。',
  '明日は朝から雨が降るそうなので、駅まで傘を持って行ったほうがいいと思います。',
];

describe('the system voice at one loudness (real open_jtalk, opusenc, opusdec)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kioku-loudness-'));
  });
  afterAll(async () => {
    setEncoderForTests(undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('brings う, 日本, 日本語 and three sentences within ±1 LU of the target, no sample at full scale', async () => {
    expect(detectEncoder()).toBe('opusenc');
    const provider = new OpenJTalkTtsProvider();
    const rows: Array<{ text: string; before: number; beforePeak: number; after: number; afterPeak: number }> = [];
    for (const [i, text] of TEXTS.entries()) {
      // What open_jtalk writes, as the provider runs it.
      const input = join(dir, `in-${i}.txt`);
      const raw = join(dir, `raw-${i}.wav`);
      await writeFile(input, `${text}\n`);
      await run('open_jtalk', ['-x', OPEN_JTALK_DICTIONARY, '-m', OPEN_JTALK_VOICE, '-ow', raw, input]);
      const before = trimSilence(parseWav(await readFile(raw)));
      // What the provider stores (Ogg Opus), decoded again.
      const audio = await provider.synthesize(text);
      expect(audio.ext).toBe('ogg');
      const ogg = join(dir, `clip-${i}.ogg`);
      const decoded = join(dir, `clip-${i}.wav`);
      await writeFile(ogg, audio.bytes);
      await run('opusdec', ['--quiet', '--rate', '48000', ogg, decoded]);
      const after = parseWav(await readFile(decoded));
      rows.push({ text, before: integratedLoudness(before), beforePeak: samplePeakDbfs(before), after: integratedLoudness(after), afterPeak: samplePeakDbfs(after) });
    }
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    const f = (v: number) => v.toFixed(1).padStart(6);
    console.log(
      [
        `target ${SPEECH_TARGET_LUFS} LUFS, ceiling ${SPEECH_PEAK_CEILING_DBFS} dBFS`,
        'text                         before LUFS  peak dBFS | after LUFS  peak dBFS',
        ...rows.map((r) => `${r.text.slice(0, 14).padEnd(15, '　')} ${f(r.before)}     ${f(r.beforePeak)}    |  ${f(r.after)}     ${f(r.afterPeak)}`),
        `spread: before ${spread(rows.map((r) => r.before)).toFixed(1)} LU, after ${spread(rows.map((r) => r.after)).toFixed(1)} LU`,
      ].join('\n'),
    );
    for (const r of rows) {
      expect(Math.abs(r.after - SPEECH_TARGET_LUFS)).toBeLessThanOrEqual(1);
      // Nowhere near full scale once decoded (the ceiling is −1 dBFS before Opus; the codec may overshoot a little).
      expect(r.afterPeak).toBeLessThan(-0.5);
    }
    // Today's recipe (open_jtalk at 0 dB, no normalisation) clips some of these: the test would show it.
    expect(rows.some((r) => r.beforePeak > -0.01)).toBe(true);
  }, 60_000);

  it('brings espeak-ng (the fallback voice, same encoder) to the target too', async () => {
    const audio = await new EspeakTtsProvider().synthesize('昨日、友達と寿司を食べました。');
    expect(audio.ext).toBe('ogg');
    const ogg = join(dir, 'espeak.ogg');
    const decoded = join(dir, 'espeak.wav');
    await writeFile(ogg, audio.bytes);
    await run('opusdec', ['--quiet', '--rate', '48000', ogg, decoded]);
    const after = parseWav(await readFile(decoded));
    expect(Math.abs(integratedLoudness(after) - SPEECH_TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(samplePeakDbfs(after)).toBeLessThan(-0.5);
  }, 60_000);
});
