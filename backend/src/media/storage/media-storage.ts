import { createHash } from 'node:crypto';

/**
 * Where generated and uploaded media live. Keys are content addressed — `<sha256>.<ext>` for stored media,
 * `tmp/<sha256>.<ext>` for uploads waiting for upload_image — so writing the same bytes twice (a retried job)
 * is harmless and a URL can be cached forever.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** stores the bytes under `key` and answers the URL a browser loads them from */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** the bytes under `key`, or null when there are none */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** the key behind a URL this storage answered (or a bare key), or null when it is not one of ours */
  keyOf(urlOrKey: string): string | null;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

export const MEDIA_EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  // an admin's uploaded recording (admin/materials/upload-image): checked to hold audio and no video
  m4a: 'audio/mp4',
  webm: 'audio/webm',
};

/** `<64 hex>.<known ext>`, optionally under tmp/: nothing else is a key, so no path can escape. */
export const MEDIA_KEY = /^(tmp\/)?[0-9a-f]{64}\.(png|jpg|webp|gif|wav|mp3|ogg|m4a|webm)$/;

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY.test(key);
}

export function contentKey(bytes: Buffer, ext: string, temporary = false): string {
  const key = `${temporary ? 'tmp/' : ''}${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  if (!isMediaKey(key)) throw new Error(`unsupported media extension ${ext}`);
  return key;
}

export function contentTypeOf(key: string): string {
  return MEDIA_EXTENSIONS[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The key at the end of a URL or path: …/tmp/<name> or …/<name>. */
export function keyAtEnd(urlOrKey: string): string | null {
  let path = urlOrKey;
  try {
    path = new URL(urlOrKey, 'http://x').pathname;
  } catch {
    return null;
  }
  const parts = path.split('/').filter(Boolean);
  const last = parts[parts.length - 1] ?? '';
  const candidate = parts[parts.length - 2] === 'tmp' ? `tmp/${last}` : last;
  return isMediaKey(candidate) ? candidate : null;
}
