import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isMediaKey, keyAtEnd, MediaStorage } from './media-storage';

/** Public path under which GET /media/<name> (media-files.http.ts) serves the files. */
export const LOCAL_MEDIA_PATH = '/media';

/**
 * Files under MEDIA_DIR, served by the app at /media/<key>. Writes go to a temporary name first and are
 * renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return join(this.dir, key);
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
    return `${LOCAL_MEDIA_PATH}/${key}`;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  keyOf(urlOrKey: string): string | null {
    if (isMediaKey(urlOrKey)) return urlOrKey;
    if (!urlOrKey.includes(`${LOCAL_MEDIA_PATH}/`)) return null;
    return keyAtEnd(urlOrKey);
  }
}
