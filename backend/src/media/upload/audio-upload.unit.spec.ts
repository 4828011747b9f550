import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../platform/errors/app-error';
import { FAKE_MP3, sineWav, TINY_PNG } from '../testing/fake-providers';
import { detectAudio, NOT_AN_AUDIO_FILE, validateAudioUpload } from './audio-upload';
import { detectImage } from './image-upload';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
}

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))));

/** The first page of an Ogg stream whose one packet starts with `packet`. */
const oggPage = (packet: Buffer) => bytes('OggS', [0, 0x02], Buffer.alloc(8), Buffer.alloc(4, 1), Buffer.alloc(4), Buffer.alloc(4), [1, packet.length], packet);

/** An MP4 box: size, type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return bytes(size, type, body);
};
const hdlr = (handler: string) => box('hdlr', Buffer.alloc(8), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from('Handler\0', 'latin1'));
const mp4 = (brands: string[], handlers: string[]) =>
  Buffer.concat([box('ftyp', Buffer.from(brands[0], 'latin1'), Buffer.alloc(4), ...brands.map((b) => Buffer.from(b, 'latin1'))), box('moov', ...handlers.map((h) => box('trak', box('mdia', hdlr(h)))))]);

/** A WebM (EBML header with DocType, then Segment > Tracks > TrackEntry > CodecID per codec, then a Cluster). */
const element = (id: number[], payload: Buffer) => bytes(id, [0x80 | payload.length], payload); // sizes < 127 in these fixtures
const webm = (docType: string, codecs: string[]) =>
  Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], Buffer.concat([element([0x42, 0x86], Buffer.from([1])), element([0x42, 0x82], Buffer.from(docType, 'latin1'))])),
    bytes([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), // Segment, unknown size
    element([0x16, 0x54, 0xae, 0x6b], Buffer.concat(codecs.map((c) => element([0xae], element([0x86], Buffer.from(c, 'latin1')))))),
    bytes([0x1f, 0x43, 0xb6, 0x75, 0x84, 0xe7, 0x81, 0x00, 0x00]),
  ]);

describe('detectAudio (magic bytes)', () => {
  it('recognises Ogg Opus and Ogg Vorbis, not other Ogg streams', () => {
    expect(detectAudio(oggPage(bytes('OpusHead', [1, 1, 0x38, 1], Buffer.alloc(11))))).toEqual({ ext: 'ogg', contentType: 'audio/ogg' });
    expect(detectAudio(oggPage(bytes([1], 'vorbis', Buffer.alloc(23))))?.ext).toBe('ogg');
    expect(detectAudio(oggPage(bytes([0x80], 'theora', Buffer.alloc(35))))).toBeNull(); // video
    expect(detectAudio(bytes('OggS', Buffer.alloc(10)))).toBeNull(); // a truncated page
  });

  it('recognises a real Ogg Opus file made by opusenc', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-audio-unit-'));
    try {
      writeFileSync(join(dir, 'in.wav'), sineWav(0.3, 16_000));
      execFileSync('opusenc', ['--quiet', '--bitrate', '16', join(dir, 'in.wav'), join(dir, 'out.ogg')]);
      const ogg = readFileSync(join(dir, 'out.ogg'));
      expect(detectAudio(ogg)).toEqual({ ext: 'ogg', contentType: 'audio/ogg' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('recognises MP3 with an ID3 tag or starting with a frame, not AAC ADTS or a bare tag', () => {
    expect(detectAudio(FAKE_MP3)).toEqual({ ext: 'mp3', contentType: 'audio/mpeg' });
    expect(detectAudio(bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(100)))?.ext).toBe('mp3'); // MPEG-1 layer III
    expect(detectAudio(bytes([0xff, 0xf3, 0x48, 0xc4], Buffer.alloc(100)))?.ext).toBe('mp3'); // MPEG-2 layer III
    // A tag with 20 bytes of padding (syncsafe size), then the frame.
    expect(detectAudio(bytes('ID3', [3, 0, 0, 0, 0, 0, 20], Buffer.alloc(20), [0xff, 0xfb, 0x90, 0x64], Buffer.alloc(100)))?.ext).toBe('mp3');
    expect(detectAudio(bytes('ID3', [4, 0, 0, 0, 0, 0, 0], Buffer.alloc(100)))).toBeNull(); // a tag and no audio
    expect(detectAudio(bytes([0xff, 0xf1, 0x50, 0x80], Buffer.alloc(100)))).toBeNull(); // ADTS (layer 00)
    expect(detectAudio(bytes([0xff, 0xfb, 0xf0, 0x64], Buffer.alloc(100)))).toBeNull(); // bad bitrate index
    expect(detectAudio(bytes([0xff, 0xd8, 0xff, 0xe0], Buffer.alloc(100)))).toBeNull(); // a JPEG
  });

  it('recognises WAV, and tells it apart from WebP (both RIFF)', () => {
    expect(detectAudio(sineWav(0.01))).toEqual({ ext: 'wav', contentType: 'audio/wav' });
    expect(detectAudio(bytes('RIFF', Buffer.alloc(4), 'WEBPVP8 ', Buffer.alloc(20)))).toBeNull();
  });

  it('recognises M4A (ftyp M4A, mp42 or isom with a sound track), not an MP4 video', () => {
    expect(detectAudio(mp4(['M4A ', 'isom', 'mp42'], ['soun']))).toEqual({ ext: 'm4a', contentType: 'audio/mp4' });
    expect(detectAudio(mp4(['mp42', 'isom'], ['soun']))?.ext).toBe('m4a');
    expect(detectAudio(mp4(['isom'], ['soun']))?.ext).toBe('m4a');
    expect(detectAudio(mp4(['isom', 'avc1'], ['vide', 'soun']))).toBeNull(); // a film
    expect(detectAudio(mp4(['qt  '], ['soun']))).toBeNull(); // QuickTime, not an M4A brand
    expect(detectAudio(mp4(['M4A '], []))).toBeNull(); // no track at all
    expect(detectAudio(mp4(['heic', 'mif1'], ['pict']))).toBeNull(); // an HEIC photo
  });

  it('recognises WebM audio (what MediaRecorder records), not WebM video or other Matroska', () => {
    expect(detectAudio(webm('webm', ['A_OPUS']))).toEqual({ ext: 'webm', contentType: 'audio/webm' });
    expect(detectAudio(webm('webm', ['A_VORBIS']))?.ext).toBe('webm');
    expect(detectAudio(webm('webm', ['V_VP8', 'A_OPUS']))).toBeNull();
    expect(detectAudio(webm('webm', ['V_VP9']))).toBeNull();
    expect(detectAudio(webm('matroska', ['A_OPUS']))).toBeNull();
    expect(detectAudio(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });

  it('refuses images and text, and the image check refuses audio', () => {
    expect(detectAudio(TINY_PNG)).toBeNull();
    expect(detectAudio(Buffer.from('OggS is how an Ogg file starts, but this is text.'))).toBeNull();
    expect(detectAudio(Buffer.alloc(0))).toBeNull();
    expect(detectImage(FAKE_MP3)).toBeNull();
    expect(detectImage(sineWav(0.01))).toBeNull();
  });
});

describe('validateAudioUpload', () => {
  it('accepts a recording and names it by its content, whatever it was called', () => {
    const wav = sineWav(0.05, 8000);
    const checked = validateAudioUpload(wav, 'my voice.wav');
    expect(checked).toMatchObject({ ext: 'wav', contentType: 'audio/wav', size: wav.length });
    expect(checked.name).toMatch(/^[0-9a-f]{64}\.wav$/);
    expect(validateAudioUpload(wav, '../../etc/passwd.ogg').name).toBe(checked.name);
  });

  it('refuses a PNG named .ogg with 400 naming the field audio', () => {
    const error = thrown(() => validateAudioUpload(TINY_PNG, 'word.ogg'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(400);
    expect(error.message).toBe(NOT_AN_AUDIO_FILE);
    expect(error.message).toBe('The file is not an Ogg, MP3, WAV, M4A or WebM audio file.');
    expect(error.details.fields).toEqual([{ field: 'audio', message: 'word.ogg is not an Ogg, MP3, WAV, M4A or WebM audio file.' }]);
  });

  it('refuses an empty file with 400', () => {
    const error = thrown(() => validateAudioUpload(Buffer.alloc(0), 'silence.mp3'));
    expect(error.status).toBe(400);
    expect(error.details.fields).toEqual([{ field: 'audio', message: 'silence.mp3 is empty.' }]);
  });

  it('refuses an oversized file with 413, even when it is real audio', () => {
    const big = Buffer.concat([FAKE_MP3, Buffer.alloc(5 * 1024 * 1024)]);
    const error = thrown(() => validateAudioUpload(big, 'long.mp3'));
    expect(error.code).toBe('payload_too_large');
    expect(error.status).toBe(413);
    expect(error.message).toBe('The audio file is too large (5.0 MB); the limit is 5 MB.');
    expect(error.details.fields).toEqual([{ field: 'audio', message: 'long.mp3 is larger than 5 MB.' }]);
    expect(thrown(() => validateAudioUpload(FAKE_MP3, 'short.mp3', 10)).status).toBe(413);
  });
});
