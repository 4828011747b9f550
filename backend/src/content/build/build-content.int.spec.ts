import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContent } from './build-content';
import { locateSources, MissingSourcesError } from './sources';

const COMMITTED = join(__dirname, '../../../content');
const FILES = ['kana.json', 'kanji.json', 'readings.json', 'vocab.json', 'sentences.json', 'SOURCES.md'];

describe('content:build sources', () => {
  it('explains how to install the Debian packages when they are missing', () => {
    let error: unknown;
    try {
      locateSources({ kanjidic: '/nonexistent/kanjidic2.xml.gz', edict: '/nonexistent/edict' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingSourcesError);
    expect((error as Error).message).toContain('apt-get install -y kanjidic-xml edict');
  });
});

// Rebuilding takes a few seconds and proves the committed JSON is exactly what the pipeline produces from the
// Debian packages (.ci/run installs kanjidic-xml and edict). When Debian ships a newer dictionary this fails on
// purpose: rebuild with `npm run cli -- content:build` and review the diff.
describe('buildContent against the installed Debian packages', () => {
  it('reproduces the committed files byte for byte', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kioku-content-'));
    try {
      const result = await buildContent({ outDir: out });
      expect(result.issues).toEqual([]);
      expect(result.counts).toMatchObject({ kanji: 2136, kanji1: 1026, kanji2: 1110, vocab: 10000 });
      for (const f of FILES) expect(readFileSync(join(out, f), 'utf8') === readFileSync(join(COMMITTED, f), 'utf8')).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
