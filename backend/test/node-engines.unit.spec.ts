import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies } from 'semver';

// Issue 31 item 9: `npm ci` warned that two packages (cookie 2, content-disposition 3) want Node ≥ 22 while the
// README and package.json say ≥ 20.19. Every package the lock installs must run on the oldest Node we promise.
const root = join(__dirname, '..', '..');
const promised = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node as string;
const oldest = promised.replace(/^>=\s*/, '').split('.').concat('0', '0').slice(0, 3).join('.');

describe('the Node versions the lock’s packages accept', () => {
  it(`all accept Node ${oldest}, the oldest the README promises`, () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && !satisfies(oldest, p.engines.node))
      .map(([path, p]) => `${path}@${p.version} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
