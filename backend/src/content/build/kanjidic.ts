import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import * as sax from 'sax';

/** One KANJIDIC2 character, reduced to what the course needs. */
export interface KanjidicEntry {
  literal: string;
  /** KANJIDIC <grade>: 1–6 school grades, 8 other jōyō (secondary school), 9/10 jinmeiyō. */
  grade?: number;
  strokes: number;
  /** Rank among the 2,500 most frequent kanji in newspapers (1 = most frequent). */
  freq?: number;
  /** Old JLPT level (4 easiest … 1). */
  jlpt?: number;
  /** Classical (Kangxi) radical number, 1–214. */
  radical?: number;
  on: string[];
  kun: string[];
  meanings: string[];
}

export interface KanjidicFile {
  databaseVersion: string;
  fileVersion: string;
  dateOfCreation: string;
  entries: KanjidicEntry[];
}

/**
 * Streams KANJIDIC2 (gzipped or plain XML) with sax; keeps the characters `keep` accepts (by default the
 * jōyō kanji: grades 1–6 and 8). Streaming keeps memory flat: the file is 1.5 MB gzipped, 15 MB of XML.
 */
export function parseKanjidic(path: string, keep: (e: KanjidicEntry) => boolean = isJoyo): Promise<KanjidicFile> {
  return new Promise((resolve, reject) => {
    const parser = sax.createStream(true, { trim: false });
    const result: KanjidicFile = { databaseVersion: '', fileVersion: '', dateOfCreation: '', entries: [] };
    let current: KanjidicEntry | null = null;
    let text = '';
    let attrs: Record<string, string> = {};
    parser.on('opentag', (node) => {
      text = '';
      attrs = {};
      for (const [k, v] of Object.entries(node.attributes)) attrs[k] = String(typeof v === 'string' ? v : v.value);
      if (node.name === 'character') current = { literal: '', strokes: 0, on: [], kun: [], meanings: [] };
    });
    parser.on('text', (t) => {
      text += t;
    });
    parser.on('cdata', (t) => {
      text += t;
    });
    parser.on('closetag', (name) => {
      const value = text.trim();
      text = '';
      if (name === 'file_version') result.fileVersion = value;
      else if (name === 'database_version') result.databaseVersion = value;
      else if (name === 'date_of_creation') result.dateOfCreation = value;
      if (!current) return;
      switch (name) {
        case 'literal':
          current.literal = value;
          break;
        case 'grade':
          current.grade = Number(value);
          break;
        case 'stroke_count':
          // The first count is the accepted one; later ones are common miscounts.
          if (!current.strokes) current.strokes = Number(value);
          break;
        case 'freq':
          current.freq = Number(value);
          break;
        case 'jlpt':
          current.jlpt = Number(value);
          break;
        case 'rad_value':
          if (attrs.rad_type === 'classical') current.radical = Number(value);
          break;
        case 'reading':
          if (attrs.r_type === 'ja_on') current.on.push(value);
          else if (attrs.r_type === 'ja_kun') current.kun.push(value);
          break;
        case 'meaning':
          if (!attrs.m_lang) current.meanings.push(value);
          break;
        case 'character':
          if (keep(current)) result.entries.push(current);
          current = null;
          break;
      }
    });
    parser.on('error', reject);
    parser.on('end', () => resolve(result));
    const input = createReadStream(path);
    input.on('error', reject);
    (path.endsWith('.gz') ? input.pipe(createGunzip()).on('error', reject) : input).pipe(parser);
  });
}

export function isJoyo(e: KanjidicEntry): boolean {
  return e.grade !== undefined && ((e.grade >= 1 && e.grade <= 6) || e.grade === 8);
}
