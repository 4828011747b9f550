// Frontend budgets (DESIGN §8): (a) the learner entry — every script index.html loads eagerly, modulepreloads
// and their static imports included (frontend/scripts/entry-size.mjs) — at most 130 KB gzip (issue 32; 150 before),
// with the admin app in a lazy chunk of its own;
// (b) after a grade, the next card is on screen within 50 ms (median and p95) on a network with 100 ms of
// latency, i.e. without waiting for the grade's answer. (b) runs the built app (backend/dist/main.js, which
// `npm run bench` builds) on a free port against a fresh database, signs a learner up in Chromium
// (playwright-core, /usr/bin/chromium), throttles it with CDP Network.emulateNetworkConditions, and learns
// and reviews kana with the keyboard. The card after a grade can only be on screen that fast when the server
// answers the panel's look-ahead (GET /api/flashcard?…&after=<id>, echoing `after`); the bench says whether it
// did, because without it each grade waits one round trip for its POST.
// Knobs: BENCH_LATENCY_MS (100), BENCH_BATCHES (2 lesson batches of 10 + their reviews: 40 grades),
// BENCH_THINK_MS (800: how long the learner looks at an answer before grading), BENCH_VERBOSE=1 (every grade),
// BENCH_KEEP_DB=1, CHROME_PATH, BENCH_COURSE_PAGE_ONLY=1 (only the course page loads: no grades).
// The app and Chromium run in process groups of their own and are stopped whichever way the bench ends
// (scripts/children.mjs, issue 28): a missing browser or a failed step leaves no app server behind.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appEnvironment, chromePath, freePort, root, startApp, stopApp } from '../scripts/app-harness.mjs';
import { ENTRY_BUDGET_KB, entrySize } from '../frontend/scripts/entry-size.mjs';
import { launchBrowser, percentile, result, round, runChild, runMain, stopChild } from './lib.mjs';

const NEXT_CARD_BUDGET_MS = 50;
const COURSE_PAGE_BUDGET_MS = 300;
const COURSE_PAGE_LOADS = 10;
const COURSE_PAGE_WARMUP = 3;
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 2);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 800);
const DB = 'kioku_bench_frontend';
const dist = join(root, 'frontend', 'dist');
// A string only the admin app has (the reading editor's warning): where it lives tells where the admin code is.
const ADMIN_MARKER = 'This vocab is already in use.';

const kb = (bytes) => bytes / 1024;

async function bundleBudget() {
  console.log('\n## (a) learner entry bundle');
  const build = await runChild('npm', ['run', 'build', '-w', 'frontend', '--silent'], { cwd: root }, { name: 'frontend build' });
  if (build.code !== 0) throw new Error('the frontend build failed');
  // index.html's scripts and modulepreloads with everything they import statically: all fetched before the app runs.
  const entry = entrySize(dist);
  const files = new Set(entry.files.map((f) => f.file));
  const raw = entry.raw;
  const gz = entry.gzip;
  for (const f of entry.files) console.log(`  eager  ${f.file}: ${round(kb(f.raw))} KB, ${round(kb(f.gzip))} KB gzip`);
  console.log(`learner entry JS: ${files.size} file(s), ${round(kb(raw))} KB raw, ${round(kb(gz))} KB gzip (budget ≤ ${ENTRY_BUDGET_KB} KB gzip) ${kb(gz) <= ENTRY_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);

  const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const withAdmin = chunks.filter((f) => readFileSync(join(dist, f), 'utf8').includes(ADMIN_MARKER));
  const adminEager = withAdmin.filter((f) => files.has(f));
  const adminLazy = withAdmin.filter((f) => !files.has(f));
  const entryCode = [...files].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  const loadedLazily = adminLazy.length > 0 && adminLazy.every((f) => entryCode.includes(`import("./${f.split('/').pop()}")`) || entryCode.includes(f.split('/').pop()));
  const adminOk = adminEager.length === 0 && loadedLazily;
  for (const f of adminLazy) console.log(`  lazy   ${f}: ${round(kb(gzipSync(readFileSync(join(dist, f)), { level: 9 }).length))} KB gzip (admin app)`);
  console.log(`admin app in a separate lazy chunk: ${adminOk ? 'yes' : 'NO'} (${adminLazy.length} lazy, ${adminEager.length} eager chunk(s) hold the admin code)`);
  return { gzipKb: kb(gz), adminOk };
}

/** Polls until nothing the page asked for is still on its way, for at least `quietMs`. */
async function networkIdle(inflight, quietMs = 50, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inflight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`requests still pending after ${timeoutMs} ms: ${[...inflight].map((r) => r.url()).join(', ')}`);
}

/**
 * Presses `key` (a real key event through CDP) and measures, in the page, from the keydown's timestamp to the
 * first paint opportunity after the next card is in the DOM (a requestAnimationFrame, then a task). Resolves
 * with null when the grade ended the session instead.
 */
async function timedGrade(page, key) {
  await page.evaluate((gradeKey) => {
    window.__kiokuGrade = new Promise((resolve, reject) => {
      const cardOf = () => document.querySelector('.study-panel article[data-card-id]');
      const labelOf = () => document.querySelector('.study-panel .session-progress')?.textContent ?? '';
      const before = cardOf()?.getAttribute('data-card-id');
      const beforeLabel = labelOf();
      let start = null;
      const onKey = (event) => {
        if (event.key === gradeKey && start === null) start = event.timeStamp;
      };
      window.addEventListener('keydown', onKey, true);
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`no next card within 20 s (was ${before}, ${beforeLabel})`));
      }, 20_000);
      const observer = new MutationObserver(() => {
        const card = cardOf();
        const ended = !card && document.querySelector('.study-panel [data-state]');
        const changed = card && (card.getAttribute('data-card-id') !== before || labelOf() !== beforeLabel);
        if (!ended && !changed) return;
        observer.disconnect();
        clearTimeout(timer);
        window.removeEventListener('keydown', onKey, true);
        const dom = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () =>
            resolve(ended ? null : { dom: dom - start, painted: performance.now() - start, label: labelOf(), card: card.getAttribute('data-card-id') });
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, key);
  await page.keyboard.press(key);
  return page.evaluate(() => window.__kiokuGrade);
}

async function nextCardLatency() {
  console.log(`\n## (b) next card after a grade, ${LATENCY_MS} ms network latency`);
  const port = await freePort();
  const keep = process.env.BENCH_KEEP_DB === '1';
  const env = await appEnvironment({ port, dbName: DB, keepDatabase: keep, mediaDir: join(root, 'artifacts', 'bench-media') });
  const url = env.PUBLIC_URL;
  let app;
  let browser;
  let chromiumProcess;
  try {
    app = await startApp(env, { healthTimeoutMs: 180_000 });
    ({ browser, proc: chromiumProcess } = await launchBrowser());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: url });
    const page = await context.newPage();
    const inflight = new Set();
    page.on('request', (r) => inflight.add(r));
    page.on('requestfinished', (r) => inflight.delete(r));
    page.on('requestfailed', (r) => inflight.delete(r));
    // The panel asks which card follows the one on screen (GET /api/flashcard?…&after=); a server that looks
    // ahead echoes `after`. Without it every grade waits for its POST, and this figure shows it.
    const lookAhead = { asked: 0, answered: 0 };
    page.on('response', async (response) => {
      if (!/\/api\/flashcard\?.*\bafter=/.test(response.url())) return;
      lookAhead.asked++;
      const body = await response.json().catch(() => null);
      if (body && typeof body.after === 'string') lookAhead.answered++;
    });

    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Bench Learner');
    await page.getByLabel('Email').fill(`bench-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('kioku-bench-password-7');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-up'));

    // Course page ready on localhost (issues 19, 31): navigation start to the first frame with each part on
    // screen, median of 10 loads after 3 uncounted ones: the study panel alone (its study button), the first screen (the panel, the
    // progress table and the review forecast: the page is ready) and the dictionary (its chart, loaded after the
    // first screen). Issue 31 asks the page ≤ 300 ms, read beside the panel alone in the same run (the machine is
    // shared, so the ratio is the figure that travels). Checked in the page on every animation frame: five
    // Playwright waits one after the other added their own round trips (tens of ms) to what they measured.
    const loads = [];
    // Uncounted: the first loads after the app started pay for its cold paths (JIT, plans, the catalogue in
    // memory), several seconds on a shared machine, which is not what a learner's course page costs.
    for (let i = -COURSE_PAGE_WARMUP; i < COURSE_PAGE_LOADS; i++) {
      await page.goto('/kana', { waitUntil: 'commit' });
      await page.waitForFunction(
        () => {
          const text = (e) => e.textContent.replace(/\s+/g, ' ').trim();
          const now = performance.now();
          const panel = [...document.querySelectorAll('.study-panel button')].some((b) => /^Learn \d+ new cards$/.test(text(b)));
          const progress = document.querySelectorAll('table tbody tr').length > 1;
          const forecast = [...document.querySelectorAll('h2')].some((h) => text(h) === 'Review Forecast') && document.querySelectorAll('table').length > 1;
          const dictionary = document.querySelector('.kana-chart') !== null;
          if (panel) window.__panelReady ??= now;
          if (panel && progress && forecast) window.__pageReady ??= now;
          if (dictionary) window.__dictionaryReady ??= now;
          return panel && progress && forecast && dictionary;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      // The visible names the checks above read: the same elements a learner sees (role names as in the e2e tests).
      await page.getByRole('button', { name: /^Learn \d+ new cards$/ }).waitFor();
      if (i < 0) continue;
      loads.push(await page.evaluate(() => ({ panel: window.__panelReady, page: window.__pageReady, dictionary: window.__dictionaryReady, all: Math.max(window.__pageReady, window.__dictionaryReady) })));
    }
    const medianOf = (key) => percentile(loads.map((l) => l[key]).sort((a, b) => a - b), 50);
    const courseReady = medianOf('page');
    const panelReady = medianOf('panel');
    const dictionaryReady = medianOf('dictionary');
    const wholeReady = medianOf('all');
    const list = (key) => loads.map((l) => round(l[key], 0)).join(', ');
    console.log(`study panel alone ready: median ${round(panelReady)} ms of ${COURSE_PAGE_LOADS} loads (${list('panel')})`);
    console.log(`course page ready (panel, progress, forecast): median ${round(courseReady)} ms (${list('page')}) = ${round(courseReady / panelReady, 2)} × the panel alone (budget ≤ ${COURSE_PAGE_BUDGET_MS} ms) ${courseReady <= COURSE_PAGE_BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`dictionary on screen: median ${round(dictionaryReady)} ms (${list('dictionary')}); whole page with it ${round(wholeReady)} ms = ${round(wholeReady / panelReady, 2)} × the panel alone`);

    if (process.env.BENCH_COURSE_PAGE_ONLY === '1') {
      await context.close();
      return { median: NaN, p95: NaN, domMedian: NaN, domP95: NaN, count: 0, courseReady, panelReady, wholeReady };
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    const t0 = Date.now();
    await page.goto('/kana');
    await page.getByRole('button', { name: /^Learn \d+ new cards$/ }).waitFor();
    const throttledReady = Date.now() - t0;
    console.log(`/kana ready in ${throttledReady} ms over the throttled network (${round(throttledReady / LATENCY_MS, 1)} × the ${LATENCY_MS} ms latency)`);

    const samples = [];
    const inDom = [];
    const slow = [];
    // A card shown ahead that the grade's answer then replaced: the look-ahead guessed wrong (a visible swap).
    let replaced = 0;
    for (let batch = 1; batch <= BATCHES; batch++) {
      await page.getByRole('button', { name: /^Learn \d+ (new cards|more)$/ }).click({ timeout: 20_000 }); // the overview, or the summary after a session
      let previous = null;
      for (let n = 1; ; n++) {
        await page.locator('.study-panel article[data-card-id]').waitFor();
        const label = await page.locator('.study-panel .session-progress').innerText();
        // The learner looks at the card, flips it, reads the answer; whatever the app fetches meanwhile may land.
        await page.getByRole('button', { name: 'Show answer' }).waitFor();
        await page.keyboard.press(' ');
        await page.getByRole('button', { name: /^Got it, easy/ }).waitFor();
        await new Promise((r) => setTimeout(r, THINK_MS));
        await networkIdle(inflight);
        if (previous && (await page.locator('.study-panel article[data-card-id]').getAttribute('data-card-id')) !== previous) replaced++;
        // One miss in the reviews: a failed card comes back at the end of them.
        const key = label === 'Review 3/10' ? '1' : '3';
        const t = await timedGrade(page, key);
        if (!t) break;
        previous = t.card;
        samples.push(t.painted);
        inDom.push(t.dom);
        if (process.env.BENCH_VERBOSE === '1') console.log(`  ${label} → ${t.label}: dom ${round(t.dom)} ms, painted ${round(t.painted)} ms`);
        if (t.painted > NEXT_CARD_BUDGET_MS) slow.push(`${label} → ${t.label}: ${round(t.painted)} ms`);
        if (n > 40) throw new Error('the session did not end');
      }
      await page.getByText('Session complete. Well done!').waitFor();
      await networkIdle(inflight);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const sortedDom = [...inDom].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const verdict = (v) => (v <= NEXT_CARD_BUDGET_MS ? 'within budget' : 'OVER BUDGET');
    console.log(`look-ahead (GET /api/flashcard?…&after=): ${lookAhead.asked} asked, ${lookAhead.answered} answered by the server${lookAhead.answered ? '' : ' — this server does not look ahead, so each grade waits for its POST'}`);
    console.log(`cards shown ahead and then replaced by the grade's answer: ${replaced}`);
    console.log(`${samples.length} grades; network latency ${LATENCY_MS} ms, ${THINK_MS} ms looking at each answer; budget ≤ ${NEXT_CARD_BUDGET_MS} ms`);
    console.log(
      `grade key → next card in the DOM: median ${round(percentile(sortedDom, 50))} ms, p95 ${round(percentile(sortedDom, 95))} ms, max ${round(sortedDom.at(-1))} ms ${verdict(percentile(sortedDom, 95))}`,
    );
    console.log(`grade key → next card painted:   median ${round(median)} ms, p95 ${round(p95)} ms, max ${round(sorted.at(-1))} ms ${verdict(p95)}`);
    if (slow.length) {
      const more = slow.length > 5 ? `; … ${slow.length - 5} more` : '';
      console.log(`painted after more than ${NEXT_CARD_BUDGET_MS} ms (${slow.length} of ${samples.length}): ${slow.slice(0, 5).join('; ')}${more}`);
    }
    await context.close();
    return { median, p95, domMedian: percentile(sortedDom, 50), domP95: percentile(sortedDom, 95), count: samples.length, courseReady, panelReady, wholeReady };
  } catch (error) {
    const pages = browser?.contexts().flatMap((c) => c.pages()) ?? [];
    if (pages[0]) {
      const shot = join(root, 'artifacts', 'bench-frontend-failure.png');
      await pages[0].screenshot({ path: shot, fullPage: true }).catch(() => undefined);
      console.error(`screenshot of the page: ${shot}`);
    }
    throw error;
  } finally {
    await browser?.close().catch(() => undefined);
    await stopChild(chromiumProcess);
    await stopApp(app, keep ? undefined : DB);
  }
}

async function main() {
  console.log(`# frontend benchmark: entry bundle ≤ ${ENTRY_BUDGET_KB} KB gzip; next card ≤ ${NEXT_CARD_BUDGET_MS} ms after a grade at ${LATENCY_MS} ms latency`);
  const bundle = await bundleBudget();
  const latency = await nextCardLatency();
  console.log('');
  result('frontend_entry_js_gzip', bundle.gzipKb, 'KB', ENTRY_BUDGET_KB, bundle.gzipKb / ENTRY_BUDGET_KB);
  result('frontend_next_card_dom_median', latency.domMedian, 'ms', NEXT_CARD_BUDGET_MS, latency.domMedian / NEXT_CARD_BUDGET_MS);
  result('frontend_next_card_dom_p95', latency.domP95, 'ms', NEXT_CARD_BUDGET_MS, latency.domP95 / NEXT_CARD_BUDGET_MS);
  result('frontend_next_card_painted_median', latency.median, 'ms', NEXT_CARD_BUDGET_MS, latency.median / NEXT_CARD_BUDGET_MS);
  result('frontend_next_card_painted_p95', latency.p95, 'ms', NEXT_CARD_BUDGET_MS, latency.p95 / NEXT_CARD_BUDGET_MS);
  result('frontend_course_page_ready_median', latency.courseReady, 'ms', COURSE_PAGE_BUDGET_MS, latency.courseReady / COURSE_PAGE_BUDGET_MS);
  result('frontend_study_panel_ready_median', latency.panelReady, 'ms', COURSE_PAGE_BUDGET_MS, latency.panelReady / COURSE_PAGE_BUDGET_MS);
  result('frontend_course_page_with_dictionary_median', latency.wholeReady, 'ms', COURSE_PAGE_BUDGET_MS, latency.wholeReady / COURSE_PAGE_BUDGET_MS);
  // A check rather than a figure: the admin code must never ride along in the learner entry.
  if (!bundle.adminOk) process.exitCode = 1;
}

runMain(main);
