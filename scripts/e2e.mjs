// npm run test:e2e: builds the app, starts it on a free port against a fresh database (and a loopback Stripe
// fake so checkout can be exercised), runs the browser specs in frontend/e2e, then stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'backend', 'package.json'));
const pg = require('pg');

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kioku';
const dbName = `kioku_e2e_${process.pid}`;

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function admin(sql) {
  const u = new URL(base);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy within 120 s');
}

async function main() {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return 1;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${dbName}`;
  await admin(`drop database if exists "${dbName}" with (force)`);

  // The loopback Stripe fake from the backend tests, compiled for node, also serves the hosted checkout page.
  const swc = spawnSync(process.execPath, [require.resolve('@swc/cli/bin/swc.js'), 'backend/test/stripe-fake.ts', '-o', 'artifacts/e2e-build/stripe-fake.js', '-C', 'module.type=commonjs', '-C', 'jsc.parser.syntax=typescript', '--no-swcrc'], { cwd: root, stdio: 'inherit' });
  if (swc.status !== 0) return 1;
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: dbUrl.toString(),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    MEDIA_DIR: join(root, 'artifacts', 'e2e-media'),
    PROJECTION_POLL_MS: '100',
  };
  const stripePort = await freePort();
  const fake = spawn(process.execPath, [join(root, 'scripts', 'stripe-fake-server.cjs'), String(stripePort), url, 'sk_test_e2e', 'whsec_e2e'], { stdio: ['ignore', 'inherit', 'inherit'] });
  Object.assign(env, {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_PRICE_ID: 'price_e2e',
    STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
  });
  const app = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let status = 1;
  try {
    await waitForHealth(url, app);
    const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '-c', join(root, 'jest.e2e.config.js'), ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, E2E_BASE_URL: url, CHROME_PATH: chrome, E2E_DATABASE_URL: dbUrl.toString(), E2E_STRIPE_URL: `http://127.0.0.1:${stripePort}` },
    });
    status = jest.status ?? 1;
  } finally {
    app.kill('SIGTERM');
    fake.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  }
  return status;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
