import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../platform/errors/app-error';
import { CONTENT_DIR } from '../../load/load-content';

export interface StrokesBody {
  json: Buffer;
  etag: string;
}

/**
 * Stroke order of a kanji or kana: the SVG path of each stroke in order (KanjiVG, viewBox 0 0 109 109), from
 * backend/content/strokes.json (derived by backend/content/scripts/derive-kanjivg.mjs). The file is not part of
 * the catalogue (no admin edits it), so it is read once, on the first request, and each answer is serialised
 * once with its ETag.
 */
@Injectable()
export class StrokesQuery {
  private data?: Promise<Map<string, string[]>>;
  private readonly bodies = new Map<string, StrokesBody>();

  protected readonly file = join(CONTENT_DIR, 'strokes.json');

  async strokes(character: string): Promise<StrokesBody> {
    const cached = this.bodies.get(character);
    if (cached) return cached;
    const strokes = (await this.load()).get(character);
    if (!strokes) throw new AppError('not_found', `There is no stroke order for ${character}: only the jōyō kanji and the kana have one.`);
    const json = Buffer.from(JSON.stringify({ character, strokes }));
    const body = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    this.bodies.set(character, body);
    return body;
  }

  private load(): Promise<Map<string, string[]>> {
    if (!this.data) {
      const data = readFile(this.file, 'utf8').then((text) => new Map(Object.entries(JSON.parse(text) as Record<string, string[]>)));
      // A failed read is not kept: the next request tries again.
      data.catch(() => this.data === data && (this.data = undefined));
      this.data = data;
    }
    return this.data;
  }
}
