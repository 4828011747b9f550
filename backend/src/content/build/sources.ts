import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Where Debian installs the two dictionaries (kanjidic-xml puts KANJIDIC2 beside EDICT). */
export const KANJIDIC_PATHS = ['/usr/share/edict/kanjidic2.xml.gz', '/usr/share/edict/kanjidic2.xml', '/usr/share/xml/kanjidic2/kanjidic2.xml.gz'];
export const EDICT_PATHS = ['/usr/share/edict/edict', '/usr/share/edict/edict.gz'];

export class MissingSourcesError extends Error {
  readonly code = 'CONTENT_SOURCES_MISSING';
}

/** NAIST-jdic as Open JTalk ships it (Debian open-jtalk-mecab-naist-jdic): pitch accents of words. */
export const NAIST_JDIC_PATHS = ['/var/lib/mecab/dic/open-jtalk/naist-jdic/sys.dic'];

export interface SourceFiles {
  kanjidic: string;
  edict: string;
  naistJdic: string;
}

/** Finds the Debian files, or throws with the apt command that installs them. */
export function locateSources(overrides: Partial<SourceFiles> = {}): SourceFiles {
  const kanjidic = overrides.kanjidic ?? KANJIDIC_PATHS.find((p) => existsSync(p));
  const edict = overrides.edict ?? EDICT_PATHS.find((p) => existsSync(p));
  const naistJdic = overrides.naistJdic ?? NAIST_JDIC_PATHS.find((p) => existsSync(p));
  const missing: string[] = [];
  if (!kanjidic || !existsSync(kanjidic)) missing.push('kanjidic-xml (KANJIDIC2, expected at /usr/share/edict/kanjidic2.xml.gz)');
  if (!edict || !existsSync(edict)) missing.push('edict (EDICT, expected at /usr/share/edict/edict)');
  if (!naistJdic || !existsSync(naistJdic)) missing.push(`open-jtalk-mecab-naist-jdic (NAIST-jdic, expected at ${NAIST_JDIC_PATHS[0]})`);
  if (missing.length) {
    throw new MissingSourcesError(
      [
        'content:build needs dictionaries from Debian that are not installed:',
        ...missing.map((m) => `  - ${m}`),
        '',
        'Install them with:',
        '  sudo apt-get update && sudo apt-get install -y kanjidic-xml edict open-jtalk-mecab-naist-jdic',
        '',
        'then run `npm run cli -- content:build` again. (All are in Debian main and Ubuntu universe.)',
      ].join('\n'),
    );
  }
  return { kanjidic: kanjidic!, edict: edict!, naistJdic: naistJdic! };
}

/** Debian package version, from dpkg, else from the package's changelog. */
export function packageVersion(pkg: string): string {
  try {
    const v = execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (v) return v;
  } catch {
    // not a dpkg system, or the package was installed by hand: fall through
  }
  for (const f of [`/usr/share/doc/${pkg}/changelog.Debian.gz`, `/usr/share/doc/${pkg}/changelog.gz`]) {
    if (!existsSync(f)) continue;
    const first = gunzipSync(readFileSync(f)).toString('utf8').split('\n')[0];
    const m = /\(([^)]+)\)/.exec(first);
    if (m) return m[1];
  }
  return 'unknown';
}
