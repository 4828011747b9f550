#!/usr/bin/env node
// Derives the committed KanjiVG data of backend/content from a copy of KanjiVG (https://kanjivg.tagaini.net,
// CC BY-SA 3.0, Ulrich Apel and contributors):
//
//   components.json  {"語":["言","吾"],"吾":["五","口"],…}  the named parts of the first level of each jōyō kanji,
//                    as KanjiVG decomposes it, plus the same for every part that has a KanjiVG file of its own
//                    (so a part can be opened further: 語 → 吾 → 五, 口).
//   strokes.json     {"あ":["M31,33c.9.9…",…],…}  the SVG path of each stroke in stroke order (viewBox 0 0 109 109)
//                    for the 2,136 jōyō kanji and every kana (small ones, ゔ ヴ ヵ ヶ ヷ–ヺ and ー included).
//
// Usage: node backend/content/scripts/derive-kanjivg.mjs <KanjiVG git dir or folder> [--kanjidic file] [--out dir]
//   The KanjiVG argument is either a git directory (bare or .git; the kanji/ folder of HEAD is read with
//   `git archive`) or a folder holding kanji/*.svg (or the svg files themselves). The jōyō list comes from
//   KANJIDIC2 (Debian kanjidic-xml, /usr/share/edict/kanjidic2.xml.gz by default): grades 1–6 and 8.
//   Output goes to backend/content unless --out is given. Only Node's standard library is used.
//
// Paths are stored compactly: numbers rounded to one decimal (0.05 of a 109-unit box: invisible), no leading
// zeros, and no separator where the SVG path grammar does not need one ("c2.8-1.4.5.3").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { source: undefined, kanjidic: '/usr/share/edict/kanjidic2.xml.gz', out: resolve(here, '..') };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--kanjidic') args.kanjidic = argv[++i];
    else if (argv[i] === '--out') args.out = argv[++i];
    else args.source = argv[i];
  }
  if (!args.source) {
    console.error('usage: derive-kanjivg.mjs <KanjiVG git dir or folder> [--kanjidic kanjidic2.xml.gz] [--out dir]');
    process.exit(2);
  }
  return args;
}

/** The folder with the KanjiVG svg files; a git directory is exported to a temporary folder first. */
function svgFolder(source) {
  const isGitDir = existsSync(join(source, 'HEAD')) && existsSync(join(source, 'objects'));
  if (isGitDir) {
    const tmp = mkdtempSync(join(tmpdir(), 'kanjivg-'));
    const tar = execFileSync('git', ['--git-dir', source, 'archive', '--format=tar', 'HEAD', 'kanji'], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', tmp], { input: tar });
    const commit = execFileSync('git', ['--git-dir', source, 'rev-parse', 'HEAD']).toString().trim();
    return { dir: join(tmp, 'kanji'), cleanup: () => rmSync(tmp, { recursive: true, force: true }), commit };
  }
  const dir = existsSync(join(source, 'kanji')) && statSync(join(source, 'kanji')).isDirectory() ? join(source, 'kanji') : source;
  return { dir, cleanup: () => undefined, commit: undefined };
}

/** Jōyō kanji from KANJIDIC2: characters with grade 1–6 or 8. */
function joyoKanji(path) {
  const raw = readFileSync(path);
  const xml = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const out = [];
  for (const m of xml.matchAll(/<character>([\s\S]*?)<\/character>/g)) {
    const literal = /<literal>([^<]+)<\/literal>/.exec(m[1])?.[1];
    const grade = Number(/<grade>(\d+)<\/grade>/.exec(m[1])?.[1]);
    if (literal && ((grade >= 1 && grade <= 6) || grade === 8)) out.push(literal);
  }
  return out;
}

/** Every kana that gets stroke data: hiragana ぁ–ゖ, katakana ァ–ヺ, and the long-vowel mark ー. */
function kanaList() {
  const out = [];
  for (let cp = 0x3041; cp <= 0x3096; cp++) out.push(String.fromCodePoint(cp));
  for (let cp = 0x30a1; cp <= 0x30fa; cp++) out.push(String.fromCodePoint(cp));
  out.push('ー');
  return out;
}

const fileName = (ch) => `${ch.codePointAt(0).toString(16).padStart(5, '0')}.svg`;

/** A minimal reader for KanjiVG's regular markup: nested <g> with kvg:element, and <path d> strokes. */
function parseSvg(text) {
  const root = { element: undefined, children: [] };
  const stack = [root];
  let strokes = [];
  for (const m of text.matchAll(/<(\/?)(g|path)\b([^>]*?)(\/?)>/g)) {
    const [, closing, tag, attrs, selfClosing] = m;
    if (closing) {
      if (tag === 'g') stack.pop();
      continue;
    }
    const attr = (name) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];
    if (tag === 'path') {
      const d = attr('d');
      // Stroke paths sit under kvg:StrokePaths_…; nothing else in the file is a <path>.
      if (d) {
        strokes.push(d);
        stack[stack.length - 1].children.push({ stroke: true });
      }
      continue;
    }
    const id = attr('id') ?? '';
    if (id.startsWith('kvg:StrokeNumbers')) break;
    const node = { element: attr('kvg:element'), id, children: [] };
    stack[stack.length - 1].children.push(node);
    if (!selfClosing) stack.push(node);
  }
  // root → StrokePaths group → the character's group.
  const charGroup = root.children[0]?.children?.[0];
  return { charGroup, strokes };
}

/** Named parts directly under a group, each once; an unnamed group (a position wrapper) is looked through. */
function namedParts(group, self) {
  const out = [];
  for (const child of group.children ?? []) {
    if (child.stroke) continue;
    // A part is one character; KanjiVG names shapes without a code point "CDP-8BC4": look through those too.
    if (child.element && [...child.element].length === 1) {
      if (child.element !== self && !out.includes(child.element)) out.push(child.element);
    } else {
      for (const e of namedParts(child, self)) if (!out.includes(e)) out.push(e);
    }
  }
  return out;
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Rewrites a path with one-decimal numbers and only the separators the grammar needs. */
export function compactPath(d) {
  let out = '';
  let prev = null; // the previous number as written, or null after a command letter
  let i = 0;
  while (i < d.length) {
    const c = d[i];
    if (/[MmLlHhVvCcSsQqTtAaZz]/.test(c)) {
      out += c;
      prev = null;
      i++;
      continue;
    }
    if (/[\s,]/.test(c)) {
      i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(d);
    if (!m) throw new Error(`unexpected "${c}" in path ${d}`);
    i = NUMBER.lastIndex;
    let n = Math.round(Number(m[0]) * 10) / 10;
    if (Object.is(n, -0)) n = 0;
    let s = String(n).replace(/^(-?)0\./, '$1.');
    const needsSeparator = prev !== null && !s.startsWith('-') && !(s.startsWith('.') && prev.includes('.'));
    out += (needsSeparator ? ',' : '') + s;
    prev = s;
  }
  return out;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const { dir, cleanup, commit } = svgFolder(resolve(args.source));
  try {
    const available = new Set(readdirSync(dir).filter((f) => /^[0-9a-f]{5}\.svg$/.test(f)));
    const cache = new Map();
    const read = (ch) => {
      if (!cache.has(ch)) {
        const f = fileName(ch);
        cache.set(ch, available.has(f) ? parseSvg(readFileSync(join(dir, f), 'utf8')) : null);
      }
      return cache.get(ch);
    };

    const joyo = joyoKanji(args.kanjidic);
    const kana = kanaList();
    const missing = [];

    // Components: jōyō kanji first, then (breadth first) each part that has a file of its own.
    const components = new Map();
    const queue = [...joyo];
    for (let q = 0; q < queue.length; q++) {
      const ch = queue[q];
      if (components.has(ch)) continue;
      const svg = read(ch);
      if (!svg?.charGroup) {
        if (q < joyo.length) missing.push(ch);
        continue;
      }
      const parts = namedParts(svg.charGroup, ch);
      // A single part is the character itself drawn with a flourish (白 = 日 under a stroke): still worth showing.
      if (parts.length) {
        components.set(ch, parts);
        for (const p of parts) if (!components.has(p)) queue.push(p);
      }
    }

    const strokes = new Map();
    for (const ch of [...kana, ...joyo]) {
      const svg = read(ch);
      if (!svg || !svg.strokes.length) {
        missing.push(ch);
        continue;
      }
      strokes.set(ch, svg.strokes.map(compactPath));
    }

    // One entry per line: compact, yet a change shows as a one-line diff.
    const write = (name, map) => {
      const lines = [...map].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      const text = `{\n${lines.join(',\n')}\n}\n`;
      writeFileSync(join(args.out, name), text);
      return Buffer.byteLength(text);
    };
    const cSize = write('components.json', components);
    const sSize = write('strokes.json', strokes);
    const joyoWithParts = joyo.filter((k) => components.has(k)).length;
    console.log(`KanjiVG ${commit ? `commit ${commit}` : dir}`);
    console.log(`components.json: ${components.size} characters (${joyoWithParts} of ${joyo.length} jōyō kanji), ${cSize} bytes`);
    console.log(`strokes.json: ${strokes.size} characters (${kana.length} kana, ${joyo.length} kanji), ${sSize} bytes`);
    if (missing.length) console.log(`no KanjiVG file: ${[...new Set(missing)].join(' ')}`);
  } finally {
    cleanup();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
