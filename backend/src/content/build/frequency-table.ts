import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrequencyModel } from './frequency';
import { spellingsOf, type VocabCandidate } from './vocab-candidates';

/**
 * The frequency proxy as committed data: one line per candidate word, "written|reading<TAB>score" (0 = most
 * frequent … 1 = unseen), derived from UniDic by `npm run cli -- content:frequency` (frequency.ts explains the
 * score). UniDic is a 1 GB Debian package (5 GB installed), too heavy to install on every machine that runs the
 * tests, so the build reads this table instead and only the derive step needs the package. A word missing from
 * the table (a newer EDICT) counts as unseen, and the build says how many are missing.
 */
export const FREQUENCY_FILE = 'frequency.tsv';

/** Scores every candidate with the model, in candidate order (deterministic, so the file diffs cleanly). */
export function frequencyTable(model: FrequencyModel, candidates: readonly VocabCandidate[], source: string): string {
  const lines = candidates.map((c) => `${c.key}\t${model.bestOf(spellingsOf(c), c.reading).score.toFixed(4)}`);
  return `# ${source}\n${[...new Set(lines)].sort().join('\n')}\n`;
}

export function writeFrequencyTable(dir: string, model: FrequencyModel, candidates: readonly VocabCandidate[], source: string): number {
  const text = frequencyTable(model, candidates, source);
  writeFileSync(join(dir, FREQUENCY_FILE), text);
  return text.split('\n').length - 2;
}

/** The first line of the table: where its scores come from ("UniDic 3.1.1-1 (Debian unidic-mecab)"). */
export function frequencySource(dir: string): string | undefined {
  const path = join(dir, FREQUENCY_FILE);
  if (!existsSync(path)) return undefined;
  const first = readFileSync(path, 'utf8').split('\n', 1)[0];
  return first.startsWith('# ') ? first.slice(2) : undefined;
}

/** The committed table as a lookup (key "written|reading"); empty when the file is missing. */
export function readFrequencyTable(dir: string): Map<string, number> {
  const path = join(dir, FREQUENCY_FILE);
  const out = new Map<string, number>();
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) out.set(line.slice(0, tab), Number(line.slice(tab + 1)));
  }
  return out;
}
