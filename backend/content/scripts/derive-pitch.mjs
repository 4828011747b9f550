#!/usr/bin/env node
// Derives backend/content/pitch.tsv: the Tokyo pitch accents of Kanjium (Uros O., CC BY-SA 4.0,
// https://github.com/mifunetoshiro/kanjium, data/source_files/raw/accents.txt) for the words Kioku can teach.
// Kanjium's accents follow the standard (NHK-style) dictionaries; NAIST-jdic, which the build used alone before
// issue 29, is wrong on everyday words (必ず 4, ちょうど 3, 休み 0 where the standard is 0, 0, 3). The build prefers
// this table and falls back to NAIST-jdic (docs/content.md, "Pitch accent").
//
// Usage (CI cannot fetch, so the derived file is committed):
//   git clone https://github.com/mifunetoshiro/kanjium /tmp/kanjium
//   node backend/content/scripts/derive-pitch.mjs /tmp/kanjium
//
// Kept: every entry whose reading is the reading of a candidate word in frequency.tsv (the words the list can
// choose from), so a word that enters the list later has its accent without a new derivation. Lines are
// `written<TAB>reading<TAB>accents` exactly as Kanjium writes them ("0", "0,2", "(名)1,(副)0").
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const checkout = process.argv[2];
if (!checkout) {
  console.error('usage: node backend/content/scripts/derive-pitch.mjs <kanjium checkout>');
  process.exit(2);
}
const source = readFileSync(join(checkout, 'data/source_files/raw/accents.txt'), 'utf8');
let commit = 'unknown';
try {
  commit = execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // not a git checkout: the header says so
}
const frequency = readFileSync(resolve(here, '../frequency.tsv'), 'utf8');
const readings = new Set(
  frequency
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t')[0].split('|')[1]),
);
const kept = [];
const seen = new Set();
for (const line of source.split('\n')) {
  const [written, reading, accents] = line.split('\t');
  if (!accents || !readings.has(reading)) continue;
  const key = `${written}\t${reading}`;
  if (seen.has(key)) continue;
  seen.add(key);
  kept.push(`${written}\t${reading}\t${accents.trim()}`);
}
const header = `# Kanjium accents.txt (commit ${commit}), © Uros O., CC BY-SA 4.0: entries whose reading is a candidate word's\n`;
writeFileSync(resolve(here, '../pitch.tsv'), header + kept.join('\n') + '\n');
console.log(`pitch.tsv: ${kept.length} entries of ${source.split('\n').length} (commit ${commit})`);
