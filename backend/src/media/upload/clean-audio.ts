import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../platform/errors/app-error';
import { inBackground } from '../providers/background-process';
import { AudioKind, CheckedAudio, validateAudioUpload } from './audio-upload';
import { DEFAULT_MAX_UPLOAD_BYTES } from './image-upload';
import { OggError, OggStream, parseOgg, replaceHeaders } from './ogg-stream';

/** The longest recording accepted: a card's word or sentence takes seconds, a lesson read aloud a few minutes. */
export const MAX_AUDIO_SECONDS = 300;
/** How long the Opus decoder may run over one file before it is refused. */
export const AUDIO_DECODE_TIMEOUT_MS = 15_000;

export interface CleanAudio extends CheckedAudio {
  /** what is stored: the recording without its tags */
  bytes: Buffer;
  /** the length of the recording, from its frames (WebM: not measured, null) */
  durationSeconds: number | null;
  /** how far the content was checked: decoded whole, or checked frame by frame (no decoder for it here) */
  checked: 'decoded' | 'frames' | 'container';
}

export interface CleanAudioOptions {
  maxBytes?: number;
  maxSeconds?: number;
  timeoutMs?: number;
  /** the Opus decoder (opus-tools' opusdec) */
  opusdec?: string;
}

/** A file that starts like an audio file and is not one: 400 naming the field `audio`. */
class NotAudio extends Error {}

const FORMAT_NAME: Record<AudioKind['ext'], string> = { ogg: 'Ogg', mp3: 'MP3', wav: 'WAV', m4a: 'M4A', webm: 'WebM' };

/** Comments that say how the file was made, not who made it or where: kept (the rest of the tags go). */
const TECHNICAL_COMMENTS = new Set(['ENCODER', 'ENCODER_OPTIONS', 'R128_TRACK_GAIN', 'R128_ALBUM_GAIN']);

/**
 * Checks an uploaded recording for real and returns it without its metadata. First validateAudioUpload (size
 * 413, type by its first bytes 400), then by format:
 *   - Ogg: every page checked (checksum, sequence, one stream, nothing cut short), the comment header rewritten
 *     with the technical comments only (title, artist, location, pictures and the like are removed); an Opus
 *     stream is then decoded whole with opusdec (opus-tools, already installed for the system voice), which must
 *     give as many samples as the stream says it holds. Vorbis is checked page by page only (no decoder here).
 *   - WAV: the RIFF chunks walked, the format checked (PCM or float, consistent block sizes) and the file
 *     written again with its `fmt ` and `data` chunks only (LIST/INFO, id3, bext, iXML… removed).
 *   - MP3: every frame header checked and the frames chained to the end; ID3v1/v2, APE and Lyrics3 tags removed.
 *   - M4A: its boxes checked end to end and its user data and metadata boxes removed, the chunk offsets moved
 *     to match (cleanM4a); the AAC is not decoded.
 *   - WebM: its header checked as before (detectAudio); not decoded and not rewritten (no decoder or remuxer for
 *     it among the project's tools; MediaRecorder's recordings carry no tags).
 * A clean file comes back byte for byte, so a re-upload keeps its name. Longer than `maxSeconds`, or an Opus
 * stream that decodes to more (a decompression bomb), answers 413; damaged content 400.
 */
export async function cleanAudioUpload(bytes: Buffer, declaredName: string, options: CleanAudioOptions = {}): Promise<CleanAudio> {
  const checked = validateAudioUpload(bytes, declaredName, options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES);
  const name = String(declaredName ?? '').slice(0, 200) || 'the file';
  const maxSeconds = options.maxSeconds ?? MAX_AUDIO_SECONDS;
  let result: { bytes: Buffer; durationSeconds: number | null; checked: CleanAudio['checked'] };
  try {
    if (checked.ext === 'ogg') result = await cleanOgg(bytes, name, maxSeconds, options);
    else if (checked.ext === 'wav') result = cleanWav(bytes);
    else if (checked.ext === 'mp3') result = cleanMp3(bytes);
    else if (checked.ext === 'm4a') result = cleanM4a(bytes);
    else result = { bytes, durationSeconds: null, checked: 'container' };
  } catch (error) {
    if (error instanceof NotAudio || error instanceof OggError) {
      const format = FORMAT_NAME[checked.ext];
      throw new AppError('validation_failed', `The audio file could not be read: it starts like a ${format} file but its content is damaged or incomplete.`, {
        fields: [{ field: 'audio', message: `${name} is not a valid ${format} recording: ${error.message}.` }],
      });
    }
    throw error;
  }
  if (result.durationSeconds !== null && result.durationSeconds > maxSeconds) throw tooLong(name, result.durationSeconds, maxSeconds);
  const sha256 = result.bytes === bytes ? checked.sha256 : createHash('sha256').update(result.bytes).digest('hex');
  return { ...checked, ...result, sha256, name: `${sha256}.${checked.ext}`, size: result.bytes.length };
}

const minutes = (seconds: number) => (seconds >= 60 ? `${Math.round(seconds / 6) / 10} min` : `${Math.round(seconds)} s`);

function tooLong(name: string, seconds: number, maxSeconds: number): AppError {
  return new AppError('payload_too_large', `The recording is too long (${minutes(seconds)}); the limit is ${minutes(maxSeconds)}.`, {
    fields: [{ field: 'audio', message: `${name} lasts ${minutes(seconds)}, longer than ${minutes(maxSeconds)}.` }],
  });
}

// --- Ogg (Opus, Vorbis) ----------------------------------------------------------------------------------------

interface Comments {
  vendor: Buffer;
  comments: Buffer[];
}

/** A Vorbis-comment block (vendor, then `KEY=value` strings) starting at `at`; null when malformed. */
function readComments(packet: Buffer, at: number): { block: Comments; end: number } | null {
  const u32 = (offset: number) => (offset + 4 <= packet.length ? packet.readUInt32LE(offset) : null);
  const vendorLength = u32(at);
  if (vendorLength === null || at + 4 + vendorLength > packet.length) return null;
  const vendor = packet.subarray(at + 4, at + 4 + vendorLength);
  let offset = at + 4 + vendorLength;
  const count = u32(offset);
  if (count === null || count > packet.length) return null;
  offset += 4;
  const comments: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const length = u32(offset);
    if (length === null || offset + 4 + length > packet.length) return null;
    comments.push(packet.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return { block: { vendor, comments }, end: offset };
}

function writeComments(block: Comments): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  return Buffer.concat([u32(block.vendor.length), block.vendor, u32(block.comments.length), ...block.comments.flatMap((c) => [u32(c.length), c])]);
}

const technical = (comment: Buffer) => {
  const text = comment.toString('utf8');
  const eq = text.indexOf('=');
  return eq > 0 && TECHNICAL_COMMENTS.has(text.slice(0, eq).toUpperCase());
};

interface OggCodec {
  /** the header packets as they are to be stored (the comments rewritten) */
  headers: Buffer[];
  /** the number of header packets in the file */
  headerCount: number;
  /** samples per second of the granule positions */
  granuleRate: number;
  /** samples to drop at the start (Opus pre-skip) */
  preSkip: number;
  channels: number;
  opus: boolean;
}

function opusHeaders(stream: OggStream): OggCodec {
  const [head, tags] = stream.packets.map((p) => p.data);
  // RFC 7845 §5.1: version 0.x, 1 or 2 channels in mapping family 0 (a mono or stereo recording).
  if (head.length < 19 || head[8] > 15) throw new NotAudio('its Opus header is not valid');
  const channels = head[9];
  const family = head[18];
  if (channels < 1 || channels > 2 || family !== 0) throw new NotAudio('only mono or stereo Opus recordings are accepted');
  if (stream.packets[0].endPage !== 0 || stream.pages[0].segments.length !== 1) throw new NotAudio('its Opus header is not alone on the first page');
  if (!tags || tags.toString('latin1', 0, 8) !== 'OpusTags') throw new NotAudio('its Opus comment header is missing');
  const read = readComments(tags, 8);
  if (!read) throw new NotAudio('its Opus comment header is damaged');
  // After the comments an encoder may reserve zeros for tags added later (opusenc: 512 bytes): kept, so a clean file
  // comes back unchanged. Anything else there (binary metadata) goes with the comments.
  const rest = tags.subarray(read.end);
  const padding = rest.every((b) => b === 0) ? rest : Buffer.alloc(0);
  const clean = Buffer.concat([tags.subarray(0, 8), writeComments({ vendor: read.block.vendor, comments: read.block.comments.filter(technical) }), padding]);
  return { headers: [clean.equals(tags) ? tags : clean], headerCount: 2, granuleRate: 48_000, preSkip: head.readUInt16LE(10), channels, opus: true };
}

function vorbisHeaders(stream: OggStream): OggCodec {
  const [ident, comment, setup] = stream.packets.map((p) => p.data);
  const isHeader = (packet: Buffer | undefined, type: number) => Boolean(packet && packet.length >= 7 && packet[0] === type && packet.toString('latin1', 1, 7) === 'vorbis');
  if (!isHeader(ident, 1) || ident.length < 30 || !isHeader(comment, 3) || !isHeader(setup, 5)) throw new NotAudio('its Vorbis headers are missing or damaged');
  const rate = ident.readUInt32LE(12);
  if (!rate) throw new NotAudio('its Vorbis header has no sample rate');
  const read = readComments(comment, 7);
  if (!read || comment[read.end] !== 1) throw new NotAudio('its Vorbis comment header is damaged');
  const clean = Buffer.concat([comment.subarray(0, 7), writeComments({ vendor: read.block.vendor, comments: read.block.comments.filter(technical) }), Buffer.from([1])]);
  return { headers: [clean.equals(comment) ? comment : clean, setup], headerCount: 3, granuleRate: rate, preSkip: 0, channels: ident[11], opus: false };
}

async function cleanOgg(bytes: Buffer, name: string, maxSeconds: number, options: CleanAudioOptions) {
  const stream = parseOgg(bytes);
  const codec = stream.packets[0]?.data.toString('latin1', 0, 8) === 'OpusHead' ? opusHeaders(stream) : vorbisHeaders(stream);
  if (stream.packets.length <= codec.headerCount) throw new NotAudio('it holds no audio');
  // The first audio packet starts on a page of its own (RFC 7845 §3, Vorbis I §A.2).
  const firstAudioPage = stream.packets[codec.headerCount - 1].endPage + 1;
  if (firstAudioPage >= stream.pages.length) throw new NotAudio('it holds no audio');
  const last = stream.pages[stream.pages.length - 1].granule;
  const samples = Number(last) - codec.preSkip;
  if (last === 0xffffffffffffffffn || samples <= 0) throw new NotAudio('its last page says it holds no audio');
  const seconds = samples / codec.granuleRate;
  if (seconds > maxSeconds) throw tooLong(name, seconds, maxSeconds);
  const unchanged = codec.headers.every((h, i) => h === stream.packets[i + 1].data);
  const clean = unchanged ? bytes : replaceHeaders(stream, codec.headers, firstAudioPage);
  if (codec.opus) await decodeOpus(clean, samples, codec.channels, name, maxSeconds, options);
  return { bytes: clean, durationSeconds: seconds, checked: codec.opus ? ('decoded' as const) : ('frames' as const) };
}

/** The largest shortfall of decoded samples tolerated: one Opus packet's worth (120 ms at 48 kHz). */
const OPUS_SLACK = 5_760;

/**
 * Decodes the whole stream with opusdec to raw 48 kHz samples on a pipe, counting them: fewer than the stream
 * claims means packets that do not decode (opusdec skips them and still exits 0); more than `maxSeconds`, or
 * longer than the timeout, stops the decoder (413).
 */
async function decodeOpus(bytes: Buffer, expected: number, channels: number, name: string, maxSeconds: number, options: CleanAudioOptions): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'kioku-upload-'));
  try {
    const input = join(dir, 'upload.opus');
    await writeFile(input, bytes);
    const limit = (maxSeconds * 48_000 + OPUS_SLACK) * channels * 2;
    const outcome = await new Promise<{ bytes: number; code: number | null; stopped: 'limit' | 'timeout' | null; missing: boolean }>((resolve) => {
      const child = inBackground(spawn(options.opusdec ?? 'opusdec', ['--quiet', '--rate', '48000', input, '-'], { stdio: ['ignore', 'pipe', 'ignore'] }));
      let count = 0;
      let stopped: 'limit' | 'timeout' | null = null;
      let missing = false;
      const timer = setTimeout(() => {
        stopped = 'timeout';
        child.kill('SIGKILL');
      }, options.timeoutMs ?? AUDIO_DECODE_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > limit && !stopped) {
          stopped = 'limit';
          child.kill('SIGKILL');
        }
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        missing = error.code === 'ENOENT';
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ bytes: count, code, stopped, missing });
      });
    });
    if (outcome.missing) {
      throw new AppError('not_configured', 'Opus recordings cannot be checked on this server: opusdec (the Debian package opus-tools) is not installed.');
    }
    if (outcome.stopped === 'limit') throw tooLong(name, outcome.bytes / (2 * channels * 48_000), maxSeconds);
    if (outcome.stopped === 'timeout') {
      throw new AppError('payload_too_large', 'The recording took too long to decode.', {
        fields: [{ field: 'audio', message: `${name} took longer than ${Math.round((options.timeoutMs ?? AUDIO_DECODE_TIMEOUT_MS) / 1000)} s to decode.` }],
      });
    }
    const decoded = outcome.bytes / (2 * channels);
    if (outcome.code !== 0 || decoded < expected - OPUS_SLACK) throw new NotAudio('its Opus packets do not decode');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// --- WAV -------------------------------------------------------------------------------------------------------

/** WAVE_FORMAT_EXTENSIBLE's sub-format GUIDs end with these 14 bytes; the first two say PCM (1) or float (3). */
const KSDATAFORMAT_TAIL = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71]);

function cleanWav(bytes: Buffer) {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') throw new NotAudio('its RIFF header is damaged');
  let fmt: Buffer | undefined;
  let data: Buffer | undefined;
  for (let at = 12; at < bytes.length; ) {
    if (at + 8 > bytes.length) {
      if (data && bytes.subarray(at).every((b) => b === 0)) break; // a pad byte or two after the data
      throw new NotAudio('it ends inside a chunk header');
    }
    const id = bytes.toString('latin1', at, at + 4);
    let size = bytes.readUInt32LE(at + 4);
    const start = at + 8;
    // A WAV streamed to a pipe (espeak-ng, sox -) leaves the data size at 0 or 0xFFFFFFFF: its data runs to the end.
    if (id === 'data' && (size === 0 || size === 0xffffffff)) size = bytes.length - start;
    if (start + size > bytes.length) throw new NotAudio(`it is cut short (its "${id.replace(/[^\x20-\x7e]/g, '?')}" chunk is incomplete)`);
    if (id === 'fmt ' && !fmt) fmt = bytes.subarray(start, start + size);
    else if (id === 'data' && !data) data = bytes.subarray(start, start + size);
    at = start + size + (size % 2);
  }
  if (!fmt || fmt.length < 16) throw new NotAudio('it has no format chunk');
  if (!data) throw new NotAudio('it has no audio data');
  let format = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const rate = fmt.readUInt32LE(4);
  const byteRate = fmt.readUInt32LE(8);
  const blockAlign = fmt.readUInt16LE(12);
  const bits = fmt.readUInt16LE(14);
  if (format === 0xfffe) {
    if (fmt.length < 40 || !fmt.subarray(26, 40).equals(KSDATAFORMAT_TAIL)) throw new NotAudio('its extensible format chunk is damaged');
    format = fmt.readUInt16LE(24);
  }
  const pcm = format === 1 && [8, 16, 24, 32].includes(bits);
  const float = format === 3 && (bits === 32 || bits === 64);
  if (!pcm && !float) throw new NotAudio(`its encoding (format ${format}, ${bits} bits) is not PCM or float`);
  if (channels < 1 || channels > 8 || rate < 8_000 || rate > 192_000) throw new NotAudio(`${channels} channels at ${rate} Hz is not a recording`);
  if (blockAlign !== (channels * bits) / 8 || byteRate !== rate * blockAlign) throw new NotAudio('its format chunk is inconsistent');
  const frames = Math.floor(data.length / blockAlign);
  if (!frames) throw new NotAudio('it holds no audio');
  const samples = data.subarray(0, frames * blockAlign);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  const chunk = (id: string, body: Buffer) => {
    const h = Buffer.alloc(8);
    h.write(id, 0, 'latin1');
    h.writeUInt32LE(body.length, 4);
    return Buffer.concat([h, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([chunk('fmt ', fmt), chunk('data', samples)]);
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WAVE', 8, 'latin1');
  const clean = Buffer.concat([header, body]);
  return { bytes: clean.equals(bytes) ? bytes : clean, durationSeconds: frames / rate, checked: 'frames' as const };
}

// --- MP3 -------------------------------------------------------------------------------------------------------

// Bit rates in kbit/s by [MPEG-1 ? 0 : 1][layer I, II, III][index]; sample rates by version; samples per frame.
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };

interface Mp3Frame {
  length: number;
  samples: number;
  rate: number;
  /** version, layer and sample rate: the same in every frame of one stream */
  kind: number;
}

function mp3Frame(bytes: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1] >> 3) & 0x03;
  const layer = (bytes[at + 1] >> 1) & 0x03;
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 0x03;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const layerIndex = 3 - layer; // 0 layer I, 1 layer II, 2 layer III
  const bitrate = BITRATES[mpeg1 ? 0 : 1][layerIndex][bitrateIndex] * 1000;
  const rate = SAMPLE_RATES[version][rateIndex];
  const padding = (bytes[at + 2] >> 1) & 0x01;
  const length =
    layerIndex === 0 ? (Math.floor((12 * bitrate) / rate) + padding) * 4 : Math.floor(((layerIndex === 2 && !mpeg1 ? 72 : 144) * bitrate) / rate) + padding;
  const samples = layerIndex === 0 ? 384 : layerIndex === 2 && !mpeg1 ? 576 : 1152;
  return { length, samples, rate, kind: bytes[at + 1] * 4 + rateIndex };
}

/** The end of the ID3v2 tags at `at` (several may follow one another), or `at` when there is none. */
function skipId3v2(bytes: Buffer, at: number): number {
  while (bytes.length >= at + 10 && bytes.toString('latin1', at, at + 3) === 'ID3') {
    if ([6, 7, 8, 9].some((i) => bytes[at + i] & 0x80)) throw new NotAudio('its ID3 tag is damaged');
    const size = (bytes[at + 6] << 21) | (bytes[at + 7] << 14) | (bytes[at + 8] << 7) | bytes[at + 9];
    at += 10 + size + (bytes[at + 5] & 0x10 ? 10 : 0);
  }
  return at;
}

const TRAILING_TAGS = ['TAG', 'APETAGEX', 'LYRICSBEGIN', 'ID3'];

function cleanMp3(bytes: Buffer) {
  let at = skipId3v2(bytes, 0);
  // Encoders and taggers leave some padding between the tag and the first frame (detectAudio allows 4 KB). A frame
  // header there counts when the next frame (or the end, or a tag) follows it, not on a chance 0xFFE match.
  const searchEnd = Math.min(bytes.length, at + 4096);
  const startsStream = (from: number) => {
    const frame = mp3Frame(bytes, from);
    if (!frame || frame.length <= 4) return false;
    const next = from + frame.length;
    return next >= bytes.length || mp3Frame(bytes, next)?.kind === frame.kind || TRAILING_TAGS.some((tag) => bytes.toString('latin1', next, next + tag.length) === tag);
  };
  while (at < searchEnd && !startsStream(at)) at++;
  const first = mp3Frame(bytes, at);
  if (!first) throw new NotAudio('it holds no MPEG audio frame');
  const start = at;
  let samples = 0;
  let frames = 0;
  for (;;) {
    const frame = mp3Frame(bytes, at);
    if (!frame || frame.kind !== first.kind || at + frame.length > bytes.length) break;
    samples += frame.samples;
    frames++;
    at += frame.length;
  }
  const end = at;
  const rest = bytes.subarray(end);
  const cutLastFrame = rest.length > 0 && rest.length < 2 * first.length && mp3Frame(bytes, end)?.kind === first.kind;
  if (rest.length && !cutLastFrame && !TRAILING_TAGS.some((tag) => rest.toString('latin1', 0, tag.length) === tag)) {
    throw new NotAudio(`the data at byte ${end} is not an MPEG audio frame`);
  }
  if (!frames) throw new NotAudio('it holds no complete MPEG audio frame');
  const clean = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  return { bytes: clean, durationSeconds: samples / first.rate, checked: 'frames' as const };
}

// --- M4A (MP4) -------------------------------------------------------------------------------------------------

interface Mp4Box {
  type: string;
  start: number;
  /** where the payload starts (after the 8- or 16-byte header) */
  body: number;
  end: number;
}

/** The boxes laid end to end in bytes[from, to); throws NotAudio when one does not fit. */
function mp4Boxes(bytes: Buffer, from: number, to: number, topLevel: boolean): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  for (let at = from; at < to; ) {
    if (to - at < 8) throw new NotAudio(`it ends inside a box header (byte ${at})`);
    let size = bytes.readUInt32BE(at);
    let body = at + 8;
    if (size === 1) {
      if (to - at < 16) throw new NotAudio(`it ends inside a box header (byte ${at})`);
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0 && topLevel) {
      size = to - at; // the last box runs to the end of the file
    }
    if (size < body - at || at + size > to) throw new NotAudio(`its "${bytes.toString('latin1', at + 4, at + 8).replace(/[^\x20-\x7e]/g, '?')}" box is cut short or damaged`);
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, body, end: at + size });
    at += size;
  }
  return boxes;
}

/** Boxes that hold other boxes, down to the chunk offset tables (ISO/IEC 14496-12). */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'mvex']);
/** What goes: user data and metadata (titles, dates, the place a phone recorded at, XMP), and free space. */
const MP4_METADATA = new Set(['udta', 'meta', 'uuid', 'free', 'skip', 'wide']);

function mp4Box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** The box rebuilt without its metadata; `tables` collects where the stco/co64 tables land in the result. */
function stripMp4(bytes: Buffer, box: Mp4Box, tables: { at: number; type: 'stco' | 'co64' }[], offset: number): Buffer {
  if (!MP4_CONTAINERS.has(box.type)) {
    if (box.type === 'stco' || box.type === 'co64') tables.push({ at: offset + (box.body - box.start), type: box.type });
    return bytes.subarray(box.start, box.end);
  }
  const parts: Buffer[] = [];
  let at = offset + 8;
  for (const child of mp4Boxes(bytes, box.body, box.end, false)) {
    if (MP4_METADATA.has(child.type)) continue;
    const part = stripMp4(bytes, child, tables, at);
    parts.push(part);
    at += part.length;
  }
  return mp4Box(box.type, Buffer.concat(parts));
}

/**
 * M4A: the boxes checked end to end (each one's size within its parent, down to the sample tables), and the user
 * data and metadata boxes removed (udta, meta, uuid, free space), in moov and at the top. The chunk offsets of
 * the sample tables (stco, co64) are moved by what was removed before the media data they point into. A
 * fragmented file (moof, as Safari records) is checked but kept as it is: its fragments may address the file by
 * absolute offsets that this does not rewrite. The AAC itself is not decoded (no decoder among the project's tools).
 */
function cleanM4a(bytes: Buffer): { bytes: Buffer; durationSeconds: number | null; checked: 'container' } {
  const top = mp4Boxes(bytes, 0, bytes.length, true);
  if (top[0]?.type !== 'ftyp') throw new NotAudio('it does not start with a file type box');
  const moov = top.filter((b) => b.type === 'moov');
  if (moov.length !== 1) throw new NotAudio('it does not have exactly one movie box');
  if (!top.some((b) => b.type === 'mdat')) throw new NotAudio('it holds no media data');
  const duration = mp4Duration(bytes, moov[0]);
  if (top.some((b) => b.type === 'moof')) return { bytes, durationSeconds: duration, checked: 'container' };

  const parts: Buffer[] = [];
  const tables: { at: number; type: 'stco' | 'co64' }[] = [];
  const moved: { from: number; to: number; shift: number }[] = []; // original mdat ranges and how far they move
  let at = 0;
  for (const box of top) {
    if (MP4_METADATA.has(box.type)) continue;
    const part = box.type === 'moov' ? stripMp4(bytes, box, tables, at) : bytes.subarray(box.start, box.end);
    if (box.type === 'mdat') moved.push({ from: box.body, to: box.end, shift: box.start - at });
    parts.push(part);
    at += part.length;
  }
  const clean = Buffer.concat(parts);
  if (clean.length === bytes.length) return { bytes, durationSeconds: duration, checked: 'container' };
  for (const table of tables) {
    const count = clean.readUInt32BE(table.at + 4);
    const width = table.type === 'stco' ? 4 : 8;
    if (table.at + 8 + count * width > clean.length) throw new NotAudio(`its ${table.type} table is cut short`);
    for (let i = 0; i < count; i++) {
      const where = table.at + 8 + i * width;
      const old = width === 4 ? clean.readUInt32BE(where) : Number(clean.readBigUInt64BE(where));
      const range = moved.find((m) => old >= m.from && old < m.to);
      if (!range) throw new NotAudio('a chunk offset points outside its media data');
      if (width === 4) clean.writeUInt32BE(old - range.shift, where);
      else clean.writeBigUInt64BE(BigInt(old - range.shift), where);
    }
  }
  return { bytes: clean, durationSeconds: duration, checked: 'container' };
}

/** The movie header's duration in seconds (mvhd version 0 or 1), or null when it is absent or zero. */
function mp4Duration(bytes: Buffer, moov: Mp4Box): number | null {
  const mvhd = mp4Boxes(bytes, moov.body, moov.end, false).find((b) => b.type === 'mvhd');
  if (!mvhd || mvhd.end - mvhd.body < 32) return null;
  const version = bytes[mvhd.body];
  const scale = bytes.readUInt32BE(mvhd.body + (version === 1 ? 20 : 12));
  const length = version === 1 ? Number(bytes.readBigUInt64BE(mvhd.body + 24)) : bytes.readUInt32BE(mvhd.body + 16);
  return scale && length ? length / scale : null;
}
