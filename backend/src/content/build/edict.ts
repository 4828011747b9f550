import { readFileSync } from 'node:fs';
import * as iconv from 'iconv-lite';

/**
 * EDICT (the original, one line per headword/reading pair, EUC-JP):
 *   食べる [たべる] /(v1,vt) (1) to eat/(v1,vt) (2) to live on (e.g. a salary)/(P)/
 *   ありがとう /(int) thank you/(P)/
 * Tags in parentheses at the start of a gloss are parts of speech, misc tags (uk, arch, …), field tags
 * (comp, food, …), dialect tags (ksb:) or headword tags (iK, ateji, …); "(N)" starts sense N; "(P)" marks a
 * common word (the EDICT_SUB selection: ichi1, news1, spec, gai1).
 */

export interface EdictSense {
  pos: string[];
  misc: string[];
  fields: string[];
  dialects: string[];
  glosses: string[];
}

export interface EdictLine {
  /** 1-based line number in the file (not stable across releases; ids are derived from the text instead). */
  line: number;
  headword: string;
  /** Kana reading; equals the headword for kana-only lines. */
  reading: string;
  /** Headword tags: iK (irregular kanji), ik, io, oK, ok, ateji, gikun. */
  headTags: string[];
  senses: EdictSense[];
  common: boolean;
}

export interface EdictFile {
  /** From the first line: "Copyright Electronic Dictionary Research & Development Group - 2021/Created: 2021-02-03". */
  header: string;
  created: string;
  lines: EdictLine[];
  /** Every headword in the file, common or not (for word-family counts). */
  allHeadwords: string[];
  /** Every decoded line, indexed by headword on demand (breakdown meanings of words outside the common set). */
  rows: string[];
}

const HEAD_TAGS = new Set(['iK', 'ik', 'io', 'oK', 'ok', 'ateji', 'gikun', 'oik', 'rK', 'rk', 'sK', 'sk']);
const MISC = new Set([
  'abbr', 'arch', 'chn', 'col', 'dated', 'derog', 'fam', 'fem', 'hist', 'hon', 'hum', 'id', 'joc', 'litf', 'm-sl',
  'male', 'male-sl', 'net-sl', 'obs', 'obsc', 'on-mim', 'poet', 'pol', 'proverb', 'quote', 'rare', 'sens', 'sl',
  'uk', 'vulg', 'X', 'yoji', 'aphorism', 'euph', 'form', 'rude', 'tsug', 'ik', 'P',
]);
const FIELDS = new Set([
  'Buddh', 'MA', 'Shinto', 'Christn', 'anat', 'archit', 'astron', 'aviat', 'baseb', 'biochem', 'biol', 'bot', 'bus',
  'chem', 'comp', 'crim', 'econ', 'engr', 'finc', 'food', 'geol', 'geom', 'gramm', 'hanaf', 'law', 'ling', 'mahj',
  'math', 'med', 'mil', 'music', 'phil', 'physics', 'physiol', 'shogi', 'sports', 'sumo', 'tradem', 'vidg', 'zool',
  'genet', 'go', 'print', 'psych', 'psy', 'stat', 'elec', 'electr', 'ent', 'fish', 'cards', 'kabuki', 'noh',
  'photo', 'rail', 'telec', 'tv', 'film', 'internet', 'mech', 'met', 'min', 'mining', 'ornith', 'paleo', 'pharm',
  'politics', 'prowres', 'surg', 'ski', 'golf', 'logic', 'mathe', 'agric', 'audvid', 'cloth', 'dent', 'ecol',
  'embryo', 'gardn', 'horse', 'jpmyth', 'motor', 'mol', 'pathol', 'rel', 'tennis', 'vet', 'ichth', 'kinsh',
  'myth', 'manga', 'boxing', 'biochem',
]);
const POS_RE = /^(adj(-[a-z]+)?|adv(-[a-z]+)?|aux(-[a-z]+)?|conj|cop(-da)?|ctr|exp|int|iv|n(-[a-z]+)?|num|pn|pref|prt|suf|unc|v[1-5][a-z-]*|vi|vt|vk|vn|vr|vz|vs(-[a-z])?)$/;
/** EDICT's dialect tags (Kansai-ben ksb:, Tsugaru-ben tsug: …), which mark a regional sense. */
const DIALECT_RE = /^(ksb|ktb|kyb|osb|hob|thb|tsb|kyu|rkb|nab|hsb|tsug|bra):$/;

type TagKind = 'pos' | 'misc' | 'field' | 'dialect' | 'head' | 'number';

function classify(token: string): TagKind | null {
  if (/^\d+$/.test(token)) return 'number';
  if (HEAD_TAGS.has(token)) return 'head';
  if (POS_RE.test(token)) return 'pos';
  if (MISC.has(token)) return 'misc';
  if (FIELDS.has(token)) return 'field';
  if (DIALECT_RE.test(token)) return 'dialect';
  return null;
}

/** Parses one EDICT line (already decoded); null for the header or malformed lines. */
export function parseEdictLine(text: string, line = 0): EdictLine | null {
  const m = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/\s*$/.exec(text);
  if (!m) return null;
  const headword = m[1];
  const reading = m[2] ?? m[1];
  const parts = m[3].split('/');
  const entry: EdictLine = { line, headword, reading, headTags: [], senses: [], common: false };
  let sense: EdictSense | null = null;
  for (let idx = 0; idx < parts.length; idx++) {
    let part = parts[idx].trim();
    if (part === '(P)') {
      entry.common = true;
      continue;
    }
    if (!part) continue;
    const tags: Array<{ kind: TagKind; token: string }> = [];
    for (;;) {
      const t = /^\(([^()]*)\)\s*/.exec(part);
      if (!t) break;
      const tokens = t[1].split(',').map((x) => x.trim());
      const kinds = tokens.map(classify);
      if (kinds.some((k) => k === null)) break;
      tokens.forEach((token, i) => tags.push({ kind: kinds[i]!, token }));
      part = part.slice(t[0].length);
    }
    const startsSense = !sense || tags.some((t) => t.kind === 'number') || tags.some((t) => t.kind === 'pos');
    if (startsSense) {
      sense = { pos: [], misc: [], fields: [], dialects: [], glosses: [] };
      entry.senses.push(sense);
    }
    for (const t of tags) {
      if (t.kind === 'pos') sense!.pos.push(t.token);
      else if (t.kind === 'misc') sense!.misc.push(t.token);
      else if (t.kind === 'field') sense!.fields.push(t.token);
      else if (t.kind === 'dialect') sense!.dialects.push(t.token);
      else if (t.kind === 'head') entry.headTags.push(t.token);
    }
    if (part) sense!.glosses.push(part);
  }
  // POS is written only at the start of a sense but applies until the next one says otherwise.
  let lastPos: string[] = [];
  for (const s of entry.senses) {
    if (s.pos.length) lastPos = s.pos;
    else s.pos = lastPos;
  }
  entry.senses = entry.senses.filter((s) => s.glosses.length > 0);
  return entry;
}

/** Reads and decodes the whole EDICT file (19 MB EUC-JP, about 267,000 lines). */
const keepCommon = (l: EdictLine) => l.common;

export function parseEdict(path: string, keep: (l: EdictLine) => boolean = keepCommon): EdictFile {
  const text = iconv.decode(readFileSync(path), 'EUC-JP');
  const rows = text.split('\n');
  const header = rows[0] ?? '';
  const created = /Created: (\d{4}-\d{2}-\d{2})/.exec(header)?.[1] ?? '';
  const lines: EdictLine[] = [];
  const allHeadwords: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    if (!row) continue;
    allHeadwords.push(row.slice(0, row.indexOf(' ')));
    // Only lines that could be kept are parsed in full; (P) is always the last field.
    if (!row.includes('/(P)/') && keep === keepCommon) continue;
    const l = parseEdictLine(row, i + 1);
    if (l && keep(l)) lines.push(l);
  }
  const cleanHeader = header.slice(Math.max(0, header.indexOf('EDICT'))).split('/').filter(Boolean).join(' / ');
  return { header: cleanHeader, created, lines, allHeadwords, rows };
}
