// npm run bench: runs every bench/*.bench.mjs in turn (or those named on the command line). Each bench runs in a
// process group of its own (scripts/children.mjs): Ctrl-C or a SIGTERM here sends SIGTERM to the running bench,
// which stops what it started and exits; SIGKILL follows if it has not within a minute.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild, runMain } from '../scripts/children.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();

runMain(async () => {
  let failed = 0;
  for (const file of files) {
    console.log(`\n=== ${file}`);
    const run = await runChild(process.execPath, [join(here, file)], { stdio: ['ignore', 'inherit', 'inherit'] }, { name: file, graceMs: 60_000 });
    if (run.code !== 0) failed++;
  }
  return failed ? 1 : 0;
});
