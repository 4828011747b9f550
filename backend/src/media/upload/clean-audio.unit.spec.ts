import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../platform/errors/app-error';
import { rejection } from '../testing/rejection';
import { sineWav } from '../testing/fake-providers';
import { cleanAudioUpload } from './clean-audio';
import { parseOgg, replaceHeaders } from './ogg-stream';


let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kioku-clean-audio-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tone encoded by opusenc (opus-tools, as the system voice uses), with the tags given. */
function opus(seconds: number, tags: string[] = []): Buffer {
  const wav = join(dir, 'in.wav');
  const ogg = join(dir, 'out.ogg');
  writeFileSync(wav, sineWav(seconds, 16_000));
  execFileSync('opusenc', ['--quiet', '--bitrate', '16', '--serial', '7', ...tags, wav, ogg]);
  return readFileSync(ogg);
}

/** What opusinfo (opus-tools) reads in a file: its comments and whether it found the stream sound. */
function opusinfo(bytes: Buffer): string {
  const file = join(dir, 'check.ogg');
  writeFileSync(file, bytes);
  return execFileSync('opusinfo', [file], { encoding: 'utf8' });
}

/** A RIFF chunk. */
const riffChunk = (id: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
};
/** The WAV with a LIST/INFO chunk (what recorders and editors add: title, artist, software, date) before its data. */
function wavWithInfo(wav: Buffer, title: string): Buffer {
  const fmt = wav.subarray(12, 36);
  const data = wav.subarray(36);
  const info = Buffer.concat([Buffer.from('INFO', 'latin1'), riffChunk('INAM', Buffer.from(`${title}\0`, 'latin1'))]);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, riffChunk('LIST', info), data]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no padding: 417-byte frames of 1152 samples. */
const mp3Frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 0x55)]);
function id3v2(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), Buffer.from([0, 0, 0, text.length, 0, 0]), text]);
  const size = frame.length; // < 128: one syncsafe byte
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0, 0, 0, 0, size]), frame]);
}
/** An MP4 box: size, type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
};
const u32 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff])));
/** mvhd version 0: times, timescale 1000, duration `ms`, then the rest of the header (zeros). */
const mvhd = (ms: number) => box('mvhd', u32(0, 0, 0, 1000, ms), Buffer.alloc(80));
const hdlr = (handler: string) => box('hdlr', Buffer.alloc(8), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from('Sound\0', 'latin1'));
/**
 * An M4A as a phone writes it, moov first: a sound track whose stco points at two chunks in mdat, and a udta with
 * the place it was recorded at (QuickTime's ©xyz) next to the track.
 */
function m4a(chunkOffsets: (moovLength: number) => number[], withLocation: boolean): Buffer {
  const ftyp = box('ftyp', Buffer.from('M4A ', 'latin1'), u32(0), Buffer.from('M4A isomiso2', 'latin1'));
  const location = box('udta', box('\xa9xyz', Buffer.from([0, 12, 0x15, 0xc7]), Buffer.from('+35.6586+139.7454/', 'latin1')));
  const moovFor = (offsets: number[]) =>
    box('moov', mvhd(2500), box('trak', box('mdia', hdlr('soun'), box('minf', box('stbl', box('stco', u32(0, offsets.length, ...offsets)))))), ...(withLocation ? [location] : []));
  const length = moovFor([0, 0]).length;
  const moov = moovFor(chunkOffsets(ftyp.length + length));
  const mdat = box('mdat', Buffer.from('CHUNK-ONE'), Buffer.from('CHUNK-TWO'));
  return Buffer.concat([ftyp, moov, mdat]);
}

const id3v1 = (title: string) => Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.from(title.padEnd(125, '\0'), 'latin1')]);

describe('cleanAudioUpload: Ogg Opus (checked page by page, decoded by opusdec, tags removed)', () => {
  it('removes the title and a location comment, keeps the encoder tags, and the result still decodes', async () => {
    const tagged = opus(0.5, ['--title', 'Recorded at home', '--comment', 'LOCATION=35.6586,139.7454']);
    expect(opusinfo(tagged)).toContain('LOCATION=35.6586,139.7454');

    const clean = await cleanAudioUpload(tagged, 'my voice.ogg');
    expect(clean).toMatchObject({ ext: 'ogg', contentType: 'audio/ogg', checked: 'decoded', size: clean.bytes.length });
    expect(clean.durationSeconds).toBeCloseTo(0.5, 2);
    expect(clean.name).toBe(`${clean.sha256}.ogg`);
    expect(clean.bytes.includes('LOCATION')).toBe(false);
    expect(clean.bytes.includes('Recorded at home')).toBe(false);
    const info = opusinfo(clean.bytes);
    expect(info).toContain('ENCODER=opusenc');
    expect(info).not.toContain('title=');
    expect(info).not.toMatch(/WARNING|error/i);
    // The audio pages are the same packets: only the comment header changed.
    const [before, after] = [parseOgg(tagged), parseOgg(clean.bytes)];
    expect(after.packets.slice(2).map((p) => p.data)).toEqual(before.packets.slice(2).map((p) => p.data));
  });

  it('gives back a file without personal tags byte for byte', async () => {
    const plain = opus(0.3);
    const clean = await cleanAudioUpload(plain, 'take.ogg');
    expect(clean.bytes.equals(plain)).toBe(true);
  });

  it('refuses a file cut short with 400 naming the field audio', async () => {
    const ogg = opus(0.5);
    const error = await rejection(cleanAudioUpload(ogg.subarray(0, Math.floor(ogg.length * 0.7)), 'cut.ogg'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(error.message).toBe('The audio file could not be read: it starts like a Ogg file but its content is damaged or incomplete.');
    expect(error.details.fields).toEqual([{ field: 'audio', message: 'cut.ogg is not a valid Ogg recording: the file is cut short: its last page is incomplete.' }]);
  });

  it('refuses a damaged page (checksum), and packets that do not decode behind valid checksums', async () => {
    const ogg = opus(0.5);
    const flipped = Buffer.from(ogg);
    flipped[flipped.length - 40] ^= 0xff;
    expect((await rejection(cleanAudioUpload(flipped, 'a.ogg'))).details.fields?.[0].message).toContain('checksum does not match');

    // The same pages with their audio replaced by bytes that are no Opus packet, checksums computed again.
    const stream = parseOgg(ogg);
    const garbage = { ...stream, pages: stream.pages.map((p, i) => (i >= 2 ? { ...p, body: Buffer.alloc(p.body.length, 0xfb) } : p)) };
    const undecodable = replaceHeaders(garbage, [stream.packets[1].data], 2);
    expect(parseOgg(undecodable).pages).toHaveLength(stream.pages.length);
    const error = await rejection(cleanAudioUpload(undecodable, 'b.ogg'));
    expect(error.status).toBe(400);
    expect(error.details.fields?.[0].message).toBe('b.ogg is not a valid Ogg recording: its Opus packets do not decode.');
  });

  it('refuses a stream that says it lasts longer than the limit (413), from its last page, before decoding', async () => {
    const ogg = opus(0.5);
    const error = await rejection(cleanAudioUpload(ogg, 'long.ogg', { maxSeconds: 0.2 }));
    expect(error).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(error.message).toBe('The recording is too long (1 s); the limit is 0 s.');
    expect(error.details.fields?.[0].field).toBe('audio');
  });

  it('stops a decoder that gives more than the limit or runs past the timeout (413)', async () => {
    const endless = join(dir, 'endless-decoder');
    writeFileSync(endless, '#!/bin/sh\nexec cat /dev/zero\n');
    chmodSync(endless, 0o755);
    const bomb = await rejection(cleanAudioUpload(opus(0.5), 'bomb.ogg', { opusdec: endless, maxSeconds: 1 }));
    expect(bomb).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(bomb.message).toMatch(/^The recording is too long/);

    const stuck = join(dir, 'stuck-decoder');
    writeFileSync(stuck, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(stuck, 0o755);
    const started = Date.now();
    const slow = await rejection(cleanAudioUpload(opus(0.5), 'slow.ogg', { opusdec: stuck, timeoutMs: 300 }));
    expect(slow).toMatchObject({ code: 'payload_too_large', message: 'The recording took too long to decode.' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 503 when opusdec is not installed, rather than storing what it could not check', async () => {
    const error = await rejection(cleanAudioUpload(opus(0.3), 'a.ogg', { opusdec: join(dir, 'no-such-decoder') }));
    expect(error).toMatchObject({ code: 'not_configured', status: 503 });
  });
});

describe('cleanAudioUpload: WAV and MP3', () => {
  it('writes a WAV again with its format and data only (LIST/INFO removed), the samples unchanged', async () => {
    const wav = sineWav(0.2, 8_000);
    const tagged = wavWithInfo(wav, 'Kitchen, 3rd floor');
    const clean = await cleanAudioUpload(tagged, 'take.wav');
    expect(clean).toMatchObject({ ext: 'wav', checked: 'frames' });
    expect(clean.durationSeconds).toBeCloseTo(0.2, 3);
    expect(clean.bytes.includes('Kitchen')).toBe(false);
    expect(clean.bytes.equals(wav)).toBe(true);
    expect((await cleanAudioUpload(wav, 'plain.wav')).bytes.equals(wav)).toBe(true);
  });

  it('refuses a WAV whose data is cut short or whose format does not add up (400), and a long one (413)', async () => {
    const wav = sineWav(0.2, 8_000);
    const cut = Buffer.from(wav.subarray(0, 200));
    cut.writeUInt32LE(192, 4); // the RIFF size of the cut file; the data chunk still says 3,200 bytes
    const error = await rejection(cleanAudioUpload(cut, 'cut.wav'));
    expect(error).toMatchObject({ status: 400 });
    expect(error.details.fields).toEqual([{ field: 'audio', message: 'cut.wav is not a valid WAV recording: it is cut short (its "data" chunk is incomplete).' }]);
    const inconsistent = Buffer.from(wav);
    inconsistent.writeUInt16LE(4, 32); // block align 4 for 16-bit mono
    expect((await rejection(cleanAudioUpload(inconsistent, 'odd.wav'))).details.fields?.[0].message).toContain('format chunk is inconsistent');
    expect((await rejection(cleanAudioUpload(wav, 'long.wav', { maxSeconds: 0.1 }))).status).toBe(413);
  });

  it('keeps an MP3\'s frames and removes its ID3v2 and ID3v1 tags', async () => {
    const frames = Buffer.concat([mp3Frame(), mp3Frame(), mp3Frame()]);
    const tagged = Buffer.concat([id3v2('Secret title'), frames, id3v1('Secret title')]);
    const clean = await cleanAudioUpload(tagged, 'word.mp3');
    expect(clean).toMatchObject({ ext: 'mp3', contentType: 'audio/mpeg', checked: 'frames' });
    expect(clean.bytes.equals(frames)).toBe(true);
    expect(clean.durationSeconds).toBeCloseTo((3 * 1152) / 44_100, 5);
  });

  it('refuses an MP3 with something else than frames in the middle (400)', async () => {
    const broken = Buffer.concat([id3v2('x'), mp3Frame(), mp3Frame(), Buffer.from('this is not an MPEG frame at all'), mp3Frame()]);
    const error = await rejection(cleanAudioUpload(broken, 'broken.mp3'));
    expect(error.status).toBe(400);
    expect(error.details.fields?.[0].message).toMatch(/^broken\.mp3 is not a valid MP3 recording: the data at byte \d+ is not an MPEG audio frame\.$/);
  });
});

describe('cleanAudioUpload: M4A (boxes checked, user data removed, chunk offsets moved)', () => {
  // The two chunks start 8 and 17 bytes into mdat, which follows moov.
  const offsets = (mdatStart: number) => [mdatStart + 8, mdatStart + 17];

  it('removes the recording place (udta) and moves the chunk offsets so they point at the same audio', async () => {
    const tagged = m4a(offsets, true);
    const clean = await cleanAudioUpload(tagged, 'memo.m4a');
    expect(clean).toMatchObject({ ext: 'm4a', contentType: 'audio/mp4', checked: 'container', durationSeconds: 2.5 });
    expect(clean.bytes.includes('139.7454')).toBe(false);
    expect(clean.bytes.includes('udta')).toBe(false);
    // The same file as one written without the location in the first place, offsets included.
    expect(clean.bytes.equals(m4a(offsets, false))).toBe(true);
    const stco = clean.bytes.indexOf('stco') + 4;
    const chunks = [clean.bytes.readUInt32BE(stco + 8), clean.bytes.readUInt32BE(stco + 12)];
    expect(chunks.map((at) => clean.bytes.toString('latin1', at, at + 9))).toEqual(['CHUNK-ONE', 'CHUNK-TWO']);
    const plain = m4a(offsets, false);
    expect((await cleanAudioUpload(plain, 'plain.m4a')).bytes.equals(plain)).toBe(true);
  });

  it('refuses an M4A whose boxes do not add up or whose chunks point outside its media data (400)', async () => {
    const tagged = m4a(offsets, true);
    const cut = await rejection(cleanAudioUpload(tagged.subarray(0, tagged.length - 5), 'cut.m4a'));
    expect(cut.status).toBe(400);
    expect(cut.details.fields?.[0].message).toBe('cut.m4a is not a valid M4A recording: its "mdat" box is cut short or damaged.');
    const astray = m4a(() => [3, 9], true);
    expect((await rejection(cleanAudioUpload(astray, 'astray.m4a'))).details.fields?.[0].message).toContain('a chunk offset points outside its media data');
  });
});
