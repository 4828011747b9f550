// The learner entry as a browser loads it before the app runs (issue 32 item 5, DESIGN §8): the module scripts
// and modulepreloads index.html names, and every chunk they import statically, with their gzip sizes. Used by
// scripts/compress.mjs (the build fails past the budget) and bench/frontend.bench.mjs (the figure it reports).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Entry JS, gzip level 9, at most this many KB. */
export const ENTRY_BUDGET_KB = 130;

/** Relative static imports of a built chunk (`import{x}from"./a.js"`, `import"./b.js"`), not `import("./c.js")`. */
export function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1]);
  for (const m of code.matchAll(/(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

/** The entry's files (paths relative to `dist`), each with its raw and gzip size in bytes, and their sums. */
export function entrySize(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const eager = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) eager.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) eager.add(m[1]);
  if (!eager.size) throw new Error('index.html loads no module script');
  const queue = [...eager].map((src) => src.replace(/^\//, ''));
  const files = [];
  while (queue.length) {
    const file = queue.shift();
    if (files.some((f) => f.file === file)) continue;
    const code = readFileSync(join(dist, file));
    files.push({ file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    const dir = file.split('/').slice(0, -1).join('/');
    for (const spec of staticImports(code.toString('utf8'))) queue.push(join(dir, spec));
  }
  return { files, raw: files.reduce((a, f) => a + f.raw, 0), gzip: files.reduce((a, f) => a + f.gzip, 0) };
}
