import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error';

export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'The file is not a PNG, JPEG, WebP or GIF image.';

export interface ImageKind {
  ext: 'png' | 'jpg' | 'webp' | 'gif';
  contentType: string;
}

/** The image type by its magic bytes: the declared name and content type prove nothing. */
export function detectImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('ascii', 0, 6))) return { ext: 'gif', contentType: 'image/gif' };
  return null;
}

export interface CheckedImage extends ImageKind {
  /** the generated storage name: `<sha256 of the bytes>.<ext>` */
  name: string;
  sha256: string;
  size: number;
}

/** A size as the upload errors say it: `4 KB`, `5 MB`, `5.5 MB`. */
export function readableUploadSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Checks an uploaded image: not empty, within the size limit (413), a PNG, JPEG, WebP or GIF by its first bytes
 * (400). The declared file name is only quoted in the error; the stored name is generated from the content.
 * The first bytes prove little: cleanImageUpload (clean-image.ts) decodes the image and keeps a clean copy.
 */
export function validateImageUpload(bytes: Buffer, declaredName: string, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): CheckedImage {
  const field = [{ field: 'image', message: '' }];
  const name = String(declaredName ?? '').slice(0, 200) || 'the file';
  if (bytes.length > maxBytes) {
    throw new AppError('payload_too_large', `The image is too large (${readableUploadSize(bytes.length)}); the limit is ${readableUploadSize(maxBytes)}.`, {
      fields: [{ field: 'image', message: `${name} is larger than ${readableUploadSize(maxBytes)}.` }],
    });
  }
  const kind = bytes.length ? detectImage(bytes) : null;
  if (!kind) {
    field[0].message = bytes.length ? `${name} is not a PNG, JPEG, WebP or GIF image.` : `${name} is empty.`;
    throw new AppError('validation_failed', NOT_AN_IMAGE, { fields: field });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { ...kind, sha256, name: `${sha256}.${kind.ext}`, size: bytes.length };
}
