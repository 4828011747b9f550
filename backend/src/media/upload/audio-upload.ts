import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error';
import { DEFAULT_MAX_UPLOAD_BYTES, readableUploadSize } from './image-upload';

export const NOT_AN_AUDIO_FILE = 'The file is not an Ogg, MP3, WAV, M4A or WebM audio file.';

export interface AudioKind {
  ext: 'ogg' | 'mp3' | 'wav' | 'm4a' | 'webm';
  contentType: string;
}

const ascii = (bytes: Buffer, start: number, end: number) => (bytes.length >= end ? bytes.toString('latin1', start, end) : '');

/** Ogg whose first packet is an Opus or a Vorbis identification header (not Theora video, not FLAC or Speex). */
function isOggAudio(bytes: Buffer): boolean {
  if (ascii(bytes, 0, 4) !== 'OggS' || bytes.length < 27) return false;
  const packet = 27 + bytes[26]; // the page header, then one byte per segment
  return ascii(bytes, packet, packet + 8) === 'OpusHead' || (bytes[packet] === 0x01 && ascii(bytes, packet + 1, packet + 7) === 'vorbis');
}

/** An MPEG audio frame header (layer I, II or III; not AAC's ADTS, whose layer bits are 00) at `at`. */
function isMpegFrame(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + 4 || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[at + 1] >> 3) & 0x03; // 01 reserved
  const layer = (bytes[at + 1] >> 1) & 0x03; // 00 reserved (ADTS)
  const bitrate = bytes[at + 2] >> 4; // 0000 free format, 1111 bad
  const sampleRate = (bytes[at + 2] >> 2) & 0x03; // 11 reserved
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/** MP3: an ID3v2 tag followed by an MPEG audio frame (within 4 KB of junk or padding), or a frame right away. */
function isMp3(bytes: Buffer): boolean {
  if (ascii(bytes, 0, 3) === 'ID3') {
    if (bytes.length < 10 || bytes[3] < 2 || bytes[3] > 4 || [6, 7, 8, 9].some((i) => bytes[i] & 0x80)) return false;
    const size = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
    const end = 10 + size + (bytes[5] & 0x10 ? 10 : 0); // footer flag (v2.4)
    for (let at = end; at < Math.min(bytes.length - 3, end + 4096); at++) if (isMpegFrame(bytes, at)) return true;
    return false;
  }
  return isMpegFrame(bytes, 0);
}

/** The handler types (`soun`, `vide`, …) of the `hdlr` boxes of an MP4 file. */
function mp4Handlers(bytes: Buffer): Set<string> {
  const handlers = new Set<string>();
  const hdlr = Buffer.from('hdlr', 'latin1');
  // box: size(4) 'hdlr' version+flags(4) pre_defined(4) handler_type(4)
  for (let at = bytes.indexOf(hdlr, 4); at !== -1; at = bytes.indexOf(hdlr, at + 4)) handlers.add(ascii(bytes, at + 12, at + 16));
  return handlers;
}

const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'mp42', 'isom']);

/** M4A/AAC: an MP4 (ftyp with an M4A, mp42 or isom brand) with a sound track and no video track. */
function isM4a(bytes: Buffer): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
  if (!brands.some((b) => M4A_BRANDS.has(b))) return false;
  const handlers = mp4Handlers(bytes);
  return handlers.has('soun') && !handlers.has('vide');
}

/** An EBML variable-length integer at `at`: its length in bytes and its value (null when malformed). */
function vint(bytes: Buffer, at: number): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (length > 8 || at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i];
  return { length, value };
}

const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/** The codec ids (`A_OPUS`, `V_VP8`, …) of the tracks of a Matroska/WebM file (they come before the first cluster). */
function webmCodecs(bytes: Buffer): string[] {
  const cluster = bytes.indexOf(CLUSTER);
  const end = Math.min(cluster === -1 ? bytes.length : cluster, 256 * 1024);
  const codecs: string[] = [];
  for (let at = bytes.indexOf(0x86); at !== -1 && at < end; at = bytes.indexOf(0x86, at + 1)) {
    const size = vint(bytes, at + 1);
    if (!size || size.value < 3 || size.value > 40) continue;
    const start = at + 1 + size.length;
    const id = ascii(bytes, start, start + size.value);
    if (/^[AVS]_[A-Z0-9][A-Z0-9_/.]*$/.test(id)) codecs.push(id);
  }
  return codecs;
}

/** WebM: the EBML magic, DocType webm, an audio track and no video track (MediaRecorder's audio/webm). */
function isWebmAudio(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const header = bytes.subarray(0, 64);
  const docType = header.indexOf(Buffer.from([0x42, 0x82]));
  const size = docType === -1 ? null : vint(bytes, docType + 2);
  if (!size || ascii(bytes, docType + 2 + size.length, docType + 2 + size.length + size.value) !== 'webm') return false;
  const codecs = webmCodecs(bytes);
  return codecs.some((c) => c.startsWith('A_')) && !codecs.some((c) => c.startsWith('V_'));
}

/**
 * The audio type by its magic bytes: the declared name and content type prove nothing. Containers that may also
 * hold video (MP4, WebM, Ogg) are accepted only with an audio stream and no video stream.
 */
export function detectAudio(bytes: Buffer): AudioKind | null {
  if (isOggAudio(bytes)) return { ext: 'ogg', contentType: 'audio/ogg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return { ext: 'wav', contentType: 'audio/wav' };
  if (isWebmAudio(bytes)) return { ext: 'webm', contentType: 'audio/webm' };
  if (isM4a(bytes)) return { ext: 'm4a', contentType: 'audio/mp4' };
  if (isMp3(bytes)) return { ext: 'mp3', contentType: 'audio/mpeg' };
  return null;
}

export interface CheckedAudio extends AudioKind {
  /** the generated storage name: `<sha256 of the bytes>.<ext>` */
  name: string;
  sha256: string;
  size: number;
}

/**
 * Checks an uploaded recording: not empty, within the size limit (413), an Ogg (Opus or Vorbis), MP3, WAV, M4A or
 * WebM audio file by content (400, naming the field `audio`). The declared file name is only quoted in the error;
 * the stored name is generated from the content. cleanAudioUpload (clean-audio.ts) then checks the content itself
 * and removes the tags.
 */
export function validateAudioUpload(bytes: Buffer, declaredName: string, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): CheckedAudio {
  const name = String(declaredName ?? '').slice(0, 200) || 'the file';
  if (bytes.length > maxBytes) {
    throw new AppError('payload_too_large', `The audio file is too large (${readableUploadSize(bytes.length)}); the limit is ${readableUploadSize(maxBytes)}.`, {
      fields: [{ field: 'audio', message: `${name} is larger than ${readableUploadSize(maxBytes)}.` }],
    });
  }
  const kind = bytes.length ? detectAudio(bytes) : null;
  if (!kind) {
    throw new AppError('validation_failed', NOT_AN_AUDIO_FILE, {
      fields: [{ field: 'audio', message: bytes.length ? `${name} is not an Ogg, MP3, WAV, M4A or WebM audio file.` : `${name} is empty.` }],
    });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { ...kind, sha256, name: `${sha256}.${kind.ext}`, size: bytes.length };
}
