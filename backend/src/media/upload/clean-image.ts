import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../platform/errors/app-error';
import { CheckedImage, DEFAULT_MAX_UPLOAD_BYTES, ImageKind, validateImageUpload } from './image-upload';

/**
 * The largest image decoded, in pixels (all frames of an animation together): a 40-megapixel photo, 160 MB of
 * RGBA while it is re-encoded. A 5 MB file can claim far more (a PNG of zeros compresses ~1000:1), so the limit
 * is on the pixels, not the bytes.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** How long one image may take to decode and re-encode before it is refused. */
export const IMAGE_DECODE_TIMEOUT_SECONDS = 10;

export interface CleanImage extends CheckedImage {
  /** the re-encoded image, without its metadata: what is stored */
  bytes: Buffer;
  width: number;
  height: number;
}

export interface CleanImageOptions {
  maxBytes?: number;
  maxPixels?: number;
  timeoutSeconds?: number;
}

/** sharp's name of each format we accept (its `metadata().format`). */
const SHARP_FORMAT: Record<ImageKind['ext'], string> = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif' };

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

function notDecodable(name: string, kind: ImageKind): AppError {
  const format = kind.ext === 'jpg' ? 'JPEG' : kind.ext.toUpperCase();
  return new AppError('validation_failed', `The image could not be read: it starts like a ${format} file but its content is damaged or incomplete.`, {
    fields: [{ field: 'image', message: `${name} is not a valid ${format} image (damaged or cut short). Export it again and upload the new file.` }],
  });
}

function tooManyPixels(name: string, detail: string, maxPixels: number): AppError {
  return new AppError('payload_too_large', `The image is too large to process (${detail}); the limit is ${megapixels(maxPixels)}.`, {
    fields: [{ field: 'image', message: `${name} has too many pixels (${detail}). Scale it down to at most ${megapixels(maxPixels)} and upload it again.` }],
  });
}

/**
 * Checks an uploaded image for real and returns a clean copy: within the size limit (413) and a PNG, JPEG, WebP
 * or GIF by its first bytes (400, validateImageUpload), then decoded whole and re-encoded in the same format.
 * Re-encoding is what removes the metadata a camera or an editor leaves in the file (EXIF with its GPS position,
 * XMP, PNG text chunks, comments, ICC profiles): nothing of the original file but its pixels is kept. The EXIF
 * orientation is applied to the pixels first, so a phone photo stays upright without its tag.
 *
 * A file whose header is an image's but whose body does not decode answers 400 naming the field `image`; one
 * that claims more than `maxPixels` (a decompression bomb) or takes longer than `timeoutSeconds` answers 413,
 * before anything large is allocated: the dimensions are read from the header first, and sharp's own pixel
 * limit and timeout bound the decoder itself. The stored name is the hash of the clean bytes.
 */
export async function cleanImageUpload(bytes: Buffer, declaredName: string, options: CleanImageOptions = {}): Promise<CleanImage> {
  const maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
  const checked = validateImageUpload(bytes, declaredName, options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES);
  const name = String(declaredName ?? '').slice(0, 200) || 'the file';

  // The header only (no pixels decoded): what the file claims to be.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notDecodable(name, checked);
  }
  if (header.format !== SHARP_FORMAT[checked.ext] || !header.width || !header.height) throw notDecodable(name, checked);
  const frames = Math.max(1, header.pages ?? 1);
  // For an animation sharp reports the height of one frame; the decoder holds them all.
  const pixels = header.width * header.height * frames;
  if (pixels > maxPixels) {
    const detail = `${header.width} × ${header.height} pixels${frames > 1 ? ` × ${frames} frames` : ''}`;
    throw tooManyPixels(name, detail, maxPixels);
  }

  const animated = frames > 1;
  // failOn 'error': damaged or cut-short pixel data aborts; the benign warnings some cameras trigger do not.
  let pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated, sequentialRead: true }).timeout({
    seconds: options.timeoutSeconds ?? IMAGE_DECODE_TIMEOUT_SECONDS,
  });
  if (!animated && (header.orientation ?? 1) > 1) pipeline = pipeline.autoOrient();
  if (checked.ext === 'png') pipeline = pipeline.png({ palette: Boolean(header.isPalette) });
  else if (checked.ext === 'jpg') pipeline = pipeline.jpeg({ quality: 90 });
  else if (checked.ext === 'webp') pipeline = pipeline.webp({ quality: 90 });
  else pipeline = pipeline.gif();

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw tooManyPixels(name, `${header.width} × ${header.height} pixels`, maxPixels);
    if (/timeout/i.test(message)) {
      throw new AppError('payload_too_large', 'The image took too long to process.', {
        fields: [{ field: 'image', message: `${name} took longer than ${options.timeoutSeconds ?? IMAGE_DECODE_TIMEOUT_SECONDS} s to decode. Scale it down and upload it again.` }],
      });
    }
    throw notDecodable(name, checked);
  }
  const clean = output.data;
  const sha256 = createHash('sha256').update(clean).digest('hex');
  return {
    ext: checked.ext,
    contentType: checked.contentType,
    bytes: clean,
    sha256,
    name: `${sha256}.${checked.ext}`,
    size: clean.length,
    width: output.info.width,
    height: output.info.pageHeight ?? output.info.height,
  };
}
