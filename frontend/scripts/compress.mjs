// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build,
// so the server sends the smallest one the browser accepts without compressing on each request
// (backend/src/platform/http/http-app.ts, @fastify/static `preCompressed`). Node's zlib only, no dependency.
// It then checks the learner entry (index.html's scripts and their static imports) against its budget, ≤ 130 KB
// gzip (issue 32), and fails the build past it, so the entry cannot creep back.
// Usage: node scripts/compress.mjs [dist directory, default ../dist]
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ENTRY_BUDGET_KB, entrySize } from './entry-size.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing (images, fonts and audio are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico', '.wasm']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

async function compress(path) {
  const raw = await readFile(path);
  const variants = [
    ['.br', () => brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
    ['.gz', () => gz(raw, { level: 9 })],
  ];
  const sizes = { raw: raw.length };
  for (const [suffix, make] of variants) {
    const out = await make();
    // A copy that is not smaller is not worth serving (and a stale one from an earlier run must go).
    if (out.length < raw.length) await writeFile(path + suffix, out);
    else await unlink(path + suffix).catch(() => undefined);
    sizes[suffix] = out.length < raw.length ? out.length : null;
  }
  return sizes;
}

const all = await files(dist);
const targets = [];
for (const path of all) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  if ((await stat(path)).size < MIN_BYTES) continue;
  targets.push(path);
}
const results = await Promise.all(targets.map(async (path) => [relative(dist, path), await compress(path)]));
const kb = (n) => (n == null ? '-' : `${(n / 1024).toFixed(1)} KB`);
for (const [name, s] of results.sort((a, b) => b[1].raw - a[1].raw)) {
  console.log(`  ${name.padEnd(40)} ${kb(s.raw).padStart(10)}  br ${kb(s['.br']).padStart(9)}  gz ${kb(s['.gz']).padStart(9)}`);
}
console.log(`compressed ${results.length} file(s) in ${relative(process.cwd(), dist) || '.'}`);

const entry = entrySize(dist);
const within = entry.gzip / 1024 <= ENTRY_BUDGET_KB;
console.log(`learner entry JS: ${entry.files.length} file(s), ${kb(entry.gzip)} gzip (budget ≤ ${ENTRY_BUDGET_KB} KB) ${within ? 'within budget' : 'OVER BUDGET'}`);
if (!within) {
  console.error(`The learner entry is over ${ENTRY_BUDGET_KB} KB gzip: split what no first screen needs into a lazy chunk (docs/decisions.md, "The entry bundle").`);
  process.exitCode = 1;
}
