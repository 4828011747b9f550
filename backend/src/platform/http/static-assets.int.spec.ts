// The built frontend as the server sends it: pre-compressed variants by Accept-Encoding, caching, no source maps.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../../../test/http-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ENTRY = '/assets/index-Ab12Cd34.js';

/** A script that compresses the way a real bundle does (repetitive identifiers), about 60 KB. */
const script = Array.from({ length: 1500 }, (_, i) => `export function component${i}(props){return createElement("div",{className:"card-${i % 7}"},props.children);}\n`).join('');
const html = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kioku-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, ENTRY), script);
  writeFileSync(join(dist, `${ENTRY}.br`), brotliCompressSync(script));
  writeFileSync(join(dist, `${ENTRY}.gz`), gzipSync(script));
  writeFileSync(join(dist, `${ENTRY}.map`), JSON.stringify({ version: 3, sources: ['src/secret.ts'], mappings: '' }));
  // An asset without compressed copies (images are not compressed by the build).
  writeFileSync(join(dist, 'assets', 'logo-Zz99.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return dist;
}

describe('static frontend: pre-compressed assets, caching, no source maps', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    app = await startTestApp({ env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends brotli when accepted (preferred over gzip), with the script type, Vary and a year of immutable caching', async () => {
    const res = await get(ENTRY, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(readFileSync(join(dist, `${ENTRY}.br`)))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get(ENTRY, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(gz.headers.vary).toLowerCase()).toContain('accept-encoding');

    for (const identity of [undefined, 'identity', 'compress']) {
      const plain = await get(ENTRY, identity);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers['content-type']).toBe(gz.headers['content-type']);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      // The uncompressed answer varies on Accept-Encoding too, or a shared cache could hand it to everyone.
      expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    // q=0 refuses an encoding.
    expect((await get(ENTRY, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends an asset without compressed copies as it is', async () => {
    const res = await get('/assets/logo-Zz99.png', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never sends index.html from cache without asking (no-cache), at / and at client routes', async () => {
    for (const url of ['/', '/kana', '/settings?checkout_session_id=cs_1']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(html);
    }
  });

  it('answers 404 for source maps, the compressed copies by their own name and missing assets (never the page)', async () => {
    for (const url of [`${ENTRY}.map`, '/assets/other-1234.js.map', '/index.js.map', `${ENTRY}.br`, `${ENTRY}.gz`, '/assets/index-Old00000.js']) {
      const res = await get(url, 'gzip, br');
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body).not.toContain('secret.ts');
    }
  });
});

describe('the build script frontend/scripts/compress.mjs', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kioku-build-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, ENTRY), script);
    writeFileSync(join(dist, 'assets', 'index-Ef56.css'), '.card{display:flex}\n'.repeat(200));
    writeFileSync(join(dist, 'assets', 'tiny-0000.js'), 'export{};');
    const run = spawnSync(process.execPath, [resolve(__dirname, '../../../../frontend/scripts/compress.mjs'), dist], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    app = await startTestApp({ env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes .br and .gz beside each compressible asset, which the server then sends', async () => {
    for (const name of [ENTRY, '/assets/index-Ef56.css']) {
      const raw = readFileSync(join(dist, name));
      expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(raw)).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(raw)).toBe(true);
    }
    // Too small to gain anything: left alone (and index.html here is under the threshold too).
    expect(() => readFileSync(join(dist, 'assets', 'tiny-0000.js.br'))).toThrow();
    expect(() => readFileSync(join(dist, 'index.html.br'))).toThrow();

    const res = await app.inject({ method: 'GET', url: ENTRY, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const css = await app.inject({ method: 'GET', url: '/assets/index-Ef56.css', headers: { 'accept-encoding': 'gzip' } });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
