// npm run test:e2e: builds the app, starts it on a free port against a fresh database (and a loopback Stripe
// fake so checkout can be exercised), runs the browser specs in frontend/e2e, then stops everything: every process
// here runs in a process group of its own and is stopped on every exit path (scripts/children.mjs, issue 28).
import { join } from 'node:path';
import { appEnvironment, chromePath as chrome, databaseUrl, freePort, require, root, runChild, runMain, spawnChild, startApp, stopApp, stopChild } from './app-harness.mjs';

const dbName = `kioku_e2e_${process.pid}`;

async function main() {
  const build = await runChild('npm', ['run', 'build'], { cwd: root }, { name: 'build' });
  if (build.code !== 0) return 1;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dbUrl = databaseUrl(dbName);

  // The loopback Stripe fake from the backend tests, compiled for node, also serves the hosted checkout page.
  const swc = await runChild(process.execPath, [require.resolve('@swc/cli/bin/swc.js'), 'backend/test/stripe-fake.ts', '-o', 'artifacts/e2e-build/stripe-fake.js', '-C', 'module.type=commonjs', '-C', 'jsc.parser.syntax=typescript', '--no-swcrc'], { cwd: root }, { name: 'swc' });
  if (swc.code !== 0) return 1;
  const stripePort = await freePort();
  const env = await appEnvironment({
    port,
    dbName,
    logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
    extra: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_PRICE_ID: 'price_e2e',
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
    },
  });
  const fake = spawnChild(process.execPath, [join(root, 'scripts', 'stripe-fake-server.cjs'), String(stripePort), url, 'sk_test_e2e', 'whsec_e2e'], { stdio: ['ignore', 'inherit', 'inherit'] }, { name: 'stripe fake' });
  // A second app with no payment provider configured, as a fresh install runs: it must not offer what it
  // cannot sell (payments-off.e2e.ts). API and worker roles only, no system voice: it serves a few pages.
  const barePort = await freePort();
  const bareDb = `${dbName}_bare`;
  const bareEnv = await appEnvironment({ port: barePort, dbName: bareDb, logLevel: process.env.E2E_LOG_LEVEL ?? 'warn', extra: { VOICE_AUTO: 'off' } });
  for (const key of Object.keys(bareEnv)) if (key.startsWith('STRIPE_')) delete bareEnv[key];
  let app;
  let bare;
  let status = 1;
  try {
    const started = await Promise.allSettled([startApp(env), startApp(bareEnv)]);
    [app, bare] = started.map((r) => r.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const jest = await runChild(
      process.execPath,
      [require.resolve('jest/bin/jest'), '-c', join(root, 'jest.e2e.config.js'), ...process.argv.slice(2)],
      {
        cwd: root,
        env: { ...env, E2E_BASE_URL: url, E2E_BARE_URL: `http://127.0.0.1:${barePort}`, CHROME_PATH: chrome, E2E_DATABASE_URL: dbUrl, E2E_STRIPE_URL: `http://127.0.0.1:${stripePort}` },
      },
      { name: 'jest', graceMs: 30_000 },
    );
    status = jest.code ?? 1;
  } finally {
    await Promise.all([stopChild(fake), stopApp(app, dbName), stopApp(bare, bareDb)]);
  }
  return status;
}

runMain(main);
