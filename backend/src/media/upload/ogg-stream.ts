/**
 * Just enough Ogg (RFC 3533) to check an uploaded recording page by page and to rewrite its comment header:
 * every page's capture pattern, version, CRC and sequence number, one logical stream, packets reassembled from
 * the lacing values, nothing after the last page.
 */

export class OggError extends Error {}

export interface OggPage {
  /** 0x01 continued packet, 0x02 first page (BOS), 0x04 last page (EOS) */
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  /** the page's bytes as they are in the file */
  raw: Buffer;
  /** the lacing values */
  segments: number[];
  body: Buffer;
}

export interface OggPacket {
  data: Buffer;
  /** the index of the page the packet ends on */
  endPage: number;
}

export interface OggStream {
  pages: OggPage[];
  packets: OggPacket[];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected, no final xor), over a page whose CRC field is zero. */
export function oggCrc(page: Buffer): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ page[i]) & 0xff]) >>> 0;
  return crc;
}

const GRANULE_NONE = 0xffffffffffffffffn;

/** The pages and packets of a single-stream Ogg file; throws OggError naming what is wrong. */
export function parseOgg(bytes: Buffer): OggStream {
  const pages: OggPage[] = [];
  const packets: OggPacket[] = [];
  let pending: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 27) throw new OggError('the file ends inside a page header');
    if (bytes.toString('latin1', at, at + 4) !== 'OggS') throw new OggError(`no Ogg page at byte ${at}`);
    if (bytes[at + 4] !== 0) throw new OggError('unknown Ogg version');
    const flags = bytes[at + 5];
    const count = bytes[at + 26];
    if (bytes.length - at < 27 + count) throw new OggError('the file ends inside a page header');
    const segments = [...bytes.subarray(at + 27, at + 27 + count)];
    const bodyLength = segments.reduce((sum, n) => sum + n, 0);
    const end = at + 27 + count + bodyLength;
    if (end > bytes.length) throw new OggError('the file is cut short: its last page is incomplete');
    const raw = bytes.subarray(at, end);
    const zeroed = Buffer.from(raw);
    zeroed.writeUInt32LE(0, 22);
    if (oggCrc(zeroed) !== raw.readUInt32LE(22)) throw new OggError(`page ${pages.length} is damaged (its checksum does not match)`);
    const page: OggPage = {
      flags,
      granule: raw.readBigUInt64LE(6),
      serial: raw.readUInt32LE(14),
      sequence: raw.readUInt32LE(18),
      raw,
      segments,
      body: raw.subarray(27 + count),
    };
    const index = pages.length;
    if (index === 0 && !(flags & 0x02)) throw new OggError('the first page is not the start of a stream');
    if (index > 0) {
      const previous = pages[index - 1];
      if (flags & 0x02) throw new OggError('the file holds more than one stream');
      if (page.serial !== previous.serial) throw new OggError('the file holds more than one stream');
      if (page.sequence !== previous.sequence + 1) throw new OggError(`page ${index} is out of sequence (a page is missing)`);
      if (previous.flags & 0x04) throw new OggError('there is data after the end of the stream');
    }
    if (Boolean(flags & 0x01) !== (pending.length > 0)) throw new OggError(`page ${index} does not continue the packet before it`);
    let offset = 0;
    for (const n of segments) {
      pending.push(page.body.subarray(offset, offset + n));
      offset += n;
      if (n < 255) {
        packets.push({ data: Buffer.concat(pending), endPage: index });
        pending = [];
      }
    }
    pages.push(page);
    at = end;
  }
  if (!pages.length) throw new OggError('the file holds no Ogg page');
  if (pending.length) throw new OggError('the file is cut short: its last packet is incomplete');
  return { pages, packets };
}

function page(flags: number, granule: bigint, serial: number, sequence: number, segments: number[], body: Buffer): Buffer {
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = flags;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  Buffer.from(segments).copy(header, 27);
  const out = Buffer.concat([header, body]);
  out.writeUInt32LE(oggCrc(out), 22);
  return out;
}

/** Header packets laid out on pages of their own, granule 0 (-1 on a page where no packet ends), as RFC 7845 asks. */
function headerPages(packets: Buffer[], serial: number, firstSequence: number): Buffer[] {
  const out: Buffer[] = [];
  let segments: number[] = [];
  let body: Buffer[] = [];
  let continued = false;
  let ended = false;
  const flush = (nextContinues: boolean) => {
    out.push(page(continued ? 0x01 : 0, ended ? 0n : GRANULE_NONE, serial, firstSequence + out.length, segments, Buffer.concat(body)));
    continued = nextContinues;
    segments = [];
    body = [];
    ended = false;
  };
  for (const packet of packets) {
    let offset = 0;
    for (;;) {
      const n = Math.min(255, packet.length - offset);
      if (segments.length === 255) flush(true);
      segments.push(n);
      body.push(packet.subarray(offset, offset + n));
      offset += n;
      if (n < 255) break;
    }
    ended = true;
  }
  if (segments.length) flush(false);
  return out;
}

/**
 * The stream with its pages before `firstAudioPage` replaced by the first page as it was and `headers` laid out
 * anew after it; the audio pages keep their content, renumbered, with their checksums computed again.
 */
export function replaceHeaders(stream: OggStream, headers: Buffer[], firstAudioPage: number): Buffer {
  const first = stream.pages[0];
  const rewritten = headerPages(headers, first.serial, first.sequence + 1);
  let sequence = first.sequence + 1 + rewritten.length;
  const audio = stream.pages.slice(firstAudioPage).map((p) => page(p.flags, p.granule, p.serial, sequence++, p.segments, p.body));
  return Buffer.concat([first.raw, ...rewritten, ...audio]);
}
