import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { AppError } from '../../platform/errors/app-error';
import { rejection } from '../testing/rejection';
import { TINY_PNG } from '../testing/fake-providers';
import { cleanImageUpload } from './clean-image';


const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** A PNG chunk with its length and CRC. */
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 48×32 picture with some detail (so a truncated copy misses real pixel data). */
const picture = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#336699' } })
    .composite([{ input: Buffer.from('<svg width="48" height="32"><circle cx="20" cy="16" r="12" fill="#fc0"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();

/** The PNG with a tEXt chunk right after IHDR (where editors write their comments). */
const withTextChunk = (png: Buffer, keyword: string, text: string) =>
  Buffer.concat([png.subarray(0, 33), chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), png.subarray(33)]);

describe('cleanImageUpload (decoded for real, re-encoded without metadata)', () => {
  it('round-trips a PNG and drops its tEXt chunk', async () => {
    const png = withTextChunk(await picture(), 'Comment', 'taken at 35.6586 N, 139.7454 E');
    expect((await sharp(png).metadata()).comments).toEqual([{ keyword: 'Comment', text: 'taken at 35.6586 N, 139.7454 E' }]);

    const clean = await cleanImageUpload(png, 'tower.png');
    expect(clean).toMatchObject({ ext: 'png', contentType: 'image/png', width: 48, height: 32, size: clean.bytes.length });
    expect(clean.name).toBe(`${clean.sha256}.png`);
    expect(clean.bytes.includes('139.7454')).toBe(false);
    expect(clean.bytes.includes('tEXt')).toBe(false);
    const meta = await sharp(clean.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 48, height: 32 });
    expect(meta.comments).toBeUndefined();
    // The same pixels.
    const [before, after] = await Promise.all([sharp(png).raw().toBuffer(), sharp(clean.bytes).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('drops a JPEG\'s EXIF (GPS position included) and keeps it upright', async () => {
    const jpeg = await sharp(await picture())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'A. Person' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 31/1' } })
      .toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, width: 48, height: 32 });
    expect(jpeg.includes('A. Person')).toBe(true);

    const clean = await cleanImageUpload(jpeg, 'photo.jpg');
    expect(clean.ext).toBe('jpg');
    const meta = await sharp(clean.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(clean.bytes.includes('A. Person')).toBe(false);
    // Orientation 6 (rotate 90°) was applied to the pixels before the tag went.
    expect([meta.width, meta.height]).toEqual([32, 48]);
  });

  it('re-encodes WebP and GIF in their own format', async () => {
    const webp = await sharp(await picture()).webp().toBuffer();
    expect((await cleanImageUpload(webp, 'a.webp')).ext).toBe('webp');
    expect((await sharp((await cleanImageUpload(webp, 'a.webp')).bytes).metadata()).format).toBe('webp');
    const gif = await sharp(await picture()).gif().toBuffer();
    const clean = await cleanImageUpload(gif, 'a.gif');
    expect((await sharp(clean.bytes).metadata()).format).toBe('gif');
    expect((await cleanImageUpload(TINY_PNG, 'dot.png')).width).toBe(1);
  });

  it('refuses a PNG whose body is cut short with 400 naming the field image', async () => {
    const png = await picture();
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));
    const error = await rejection(cleanImageUpload(truncated, 'half.png'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(error.message).toBe('The image could not be read: it starts like a PNG file but its content is damaged or incomplete.');
    expect(error.details.fields).toEqual([{ field: 'image', message: 'half.png is not a valid PNG image (damaged or cut short). Export it again and upload the new file.' }]);
  });

  it('refuses damaged pixel data behind a valid header (PNG and JPEG) with 400', async () => {
    const png = await picture();
    const damaged = Buffer.from(png);
    for (let i = 60; i < damaged.length - 20; i++) damaged[i] ^= 0x5a;
    expect((await rejection(cleanImageUpload(damaged, 'noise.png'))).status).toBe(400);

    const jpeg = await sharp(png).jpeg().toBuffer();
    expect((await rejection(cleanImageUpload(jpeg.subarray(0, jpeg.length >> 1), 'half.jpg'))).details.fields?.[0].field).toBe('image');
    // Only the signature: what the first-bytes check let through.
    expect((await rejection(cleanImageUpload(Buffer.concat([PNG_SIGNATURE, Buffer.from('not really a picture')]), 'fake.png'))).status).toBe(400);
    expect((await rejection(cleanImageUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]), 'fake.jpg'))).status).toBe(400);
  });

  it('refuses a decompression bomb (a header claiming 100,000 × 100,000 pixels) with 413, without decoding it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr[8] = 8; // 8-bit greyscale
    const bomb = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(100_001 * 20))), chunk('IEND', Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(4_000);
    const started = Date.now();
    const error = await rejection(cleanImageUpload(bomb, 'bomb.png'));
    expect(error).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(error.message).toBe('The image is too large to process (100000 × 100000 pixels); the limit is 40 megapixels.');
    expect(error.details.fields?.[0].field).toBe('image');
    expect(Date.now() - started).toBeLessThan(5_000); // refused from its header, not after a decode
  });

  it('bounds the decoder itself by the pixel limit given', async () => {
    const png = await picture(); // 1,536 pixels
    expect((await rejection(cleanImageUpload(png, 'a.png', { maxPixels: 1_000 }))).status).toBe(413);
    expect((await cleanImageUpload(png, 'a.png', { maxPixels: 1_536 })).width).toBe(48);
  });

  it('keeps the first-bytes checks: text is 400, an oversized file 413', async () => {
    expect((await rejection(cleanImageUpload(Buffer.from('just some notes'), 'notes.png'))).status).toBe(400);
    expect((await rejection(cleanImageUpload(TINY_PNG, 'small.png', { maxBytes: 10 }))).status).toBe(413);
  });
});
