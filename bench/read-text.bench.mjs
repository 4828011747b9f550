// Read with Kioku benchmark (issue 32, item 5): a 5,000-character Japanese text analysed and rendered in ≤ 300 ms,
// beside kuromoji's own tokenising time in the same run. Two parts:
//  (a) in process, on the built backend (backend/dist): kuromoji's tokenize of the text alone, then the reader's
//      whole analysis of it (chunked tokenizing, mapping to course words, colouring for a learner with 300 cards),
//      against the real catalogue (backend/content/vocab.json); median of BENCH_RUNS runs after a warm-up;
//  (b) end to end: the built app on a free port (its own database, the bundled content loaded at start), a learner
//      in Chromium pastes the text at /read and presses Read: from the click to the frame with the figures and
//      every word on screen, with the server's own figures from the same answer (timing.tokenize_ms, analyse_ms).
// The text is made of the courses' own sentences (a paragraph every ten), cut at 5,000 characters.
// Knobs: BENCH_RUNS (10), BENCH_BROWSER=0 (part (a) only), CHROME_PATH.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appEnvironment, chromePath, freePort, root, startApp, stopApp } from '../scripts/app-harness.mjs';
import { dist, launchBrowser, percentile, round, runMain, stopChild } from './lib.mjs';

const BUDGET_MS = 300;
const CHARS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DB = 'kioku_bench_read';

const { loadTokenizer } = dist('content/build/tokenizer.js');
const { buildWordIndex } = dist('content/catalogue/catalogue-words.js');
const { classify, segment, tokenizeText } = dist('reader/analyse-text/analyse-text.js');

function benchText() {
  const sentences = JSON.parse(readFileSync(join(root, 'backend', 'content', 'sentences.json'), 'utf8'));
  let text = '';
  for (let i = 0, n = 0; text.length < CHARS; i = (i + 97) % sentences.length, n++) text += sentences[i].text + (n % 10 === 9 ? '\n' : '');
  return text.slice(0, CHARS);
}

const median = (xs) => percentile([...xs].sort((a, b) => a - b), 50);

async function inProcess(text) {
  console.log(`## (a) in process: ${text.length} characters`);
  const tokenizer = await loadTokenizer();
  const vocab = JSON.parse(readFileSync(join(root, 'backend', 'content', 'vocab.json'), 'utf8'));
  const index = buildWordIndex(vocab.map((v) => ({ ...v, variants: v.variants ?? [], definition: v.definition ?? null })), []);
  // A learner a few months in: 300 cards, a third of them Intermediate or better.
  const cards = new Map(vocab.slice(0, 300).map((v, i) => [v.id, i % 3 === 0 ? 'intermediate' : i % 3 === 1 ? 'mastered' : 'learning']));
  const learner = { cards, knownKanji: new Set('日本人大小山川'), fullAccess: false };
  const kuromoji = [];
  const analysis = [];
  let last;
  for (let i = 0; i <= RUNS; i++) {
    let t = performance.now();
    tokenizer.tokenize(text);
    const k = performance.now() - t;
    t = performance.now();
    last = classify(segment(text, tokenizeText(tokenizer, text), index), learner);
    const a = performance.now() - t;
    if (i > 0) kuromoji.push(k), analysis.push(a); // the first run is the warm-up
  }
  const k = median(kuromoji);
  const a = median(analysis);
  console.log(`kuromoji tokenize, the text in one call: median ${round(k)} ms (${kuromoji.map((x) => round(x, 0)).join(', ')})`);
  console.log(`reader analysis (chunked tokenize + mapping + colouring): median ${round(a)} ms (${analysis.map((x) => round(x, 0)).join(', ')}); ${round(a - k)} ms beside kuromoji's own`);
  console.log(`  ${last.tokens.length} tokens, ${last.words.length} distinct words, ${last.figures.kanji.total} kanji; JSON answer ${round(JSON.stringify(last).length / 1024)} KB`);
  return a;
}

async function inBrowser(text) {
  console.log(`\n## (b) end to end: paste at /read, press Read, until the figures and every word are on screen`);
  const port = await freePort();
  const env = await appEnvironment({ port, dbName: DB, mediaDir: join(root, 'artifacts', 'bench-media'), extra: { VOICE_AUTO: 'off' } });
  let app;
  let browser;
  let chromiumProcess;
  try {
    app = await startApp(env, { healthTimeoutMs: 300_000 });
    ({ browser, proc: chromiumProcess } = await launchBrowser());
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: env.PUBLIC_URL })).newPage();
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Bench Reader');
    await page.getByLabel('Email').fill(`bench-read-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('kioku-bench-password-7');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/sign-up'));
    const totals = [];
    const server = [];
    for (let i = 0; i <= Math.min(RUNS, 5); i++) {
      await page.goto('/read');
      await page.getByLabel('Japanese text').fill(text);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/read/analyse'));
      // Measured in the page: the click, then every animation frame until the text and the figures are drawn.
      await page.evaluate(() => {
        window.__readDone = undefined;
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Read');
        const start = performance.now();
        const tick = () => {
          if (document.querySelector('.read-figures') && document.querySelectorAll('.read-text .read-word').length > 0) window.__readDone = performance.now() - start;
          else requestAnimationFrame(tick);
        };
        button.click();
        requestAnimationFrame(tick);
      });
      const body = await (await answer).json();
      await page.waitForFunction(() => window.__readDone !== undefined, undefined, { timeout: 30_000 });
      const total = await page.evaluate(() => window.__readDone);
      if (i > 0) totals.push(total), server.push(body.timing);
    }
    const t = median(totals);
    console.log(`server, same answers: kuromoji tokenize median ${round(median(server.map((s) => s.tokenize_ms)))} ms, whole analysis median ${round(median(server.map((s) => s.analyse_ms)))} ms`);
    console.log(`click → rendered: median ${round(t)} ms (${totals.map((x) => round(x, 0)).join(', ')}); budget ≤ ${BUDGET_MS} ms ${t <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`);
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    await stopChild(chromiumProcess);
    await stopApp(app, DB);
  }
}

runMain(async () => {
  const text = benchText();
  const a = await inProcess(text);
  console.log(`analysis ${a <= BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget in process`);
  if (process.env.BENCH_BROWSER !== '0') await inBrowser(text);
  return 0;
});
