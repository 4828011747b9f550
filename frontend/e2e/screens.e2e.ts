import { Client } from 'pg';
import { Browser, Page } from 'playwright-core';
import { cli, launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 15's browser acceptance, as a new learner meets the screens at 1280 and 375 px in Debian's Chromium:
// nothing is clipped sideways (the page, every table, the kana chart), the answer controls are on screen on the
// answer side, no emoji glyph stands in for an icon, and copying a sentence gives it without its furigana.

/**
 * Serves `served` as the study panel's next card on `course`'s page: through the panel's own call, and through the
 * course page's first screen (GET /api/pages/course, preloaded with index.html), whose other parts stay real.
 * Answers a function that takes the routes away again.
 */
async function serveAsNextCard(page: Page, course: string, served: Record<string, unknown>): Promise<() => Promise<void>> {
  const nextCard = { ...served, review_count: 0, new_available: 10 };
  const panel = `**/api/flashcard?course=${course}`;
  const firstScreen = `**/api/pages/course?course=${course}`;
  await page.route(panel, (route) => route.fulfill({ json: nextCard }));
  await page.route(firstScreen, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), flashcard: nextCard } });
  });
  return async () => {
    await page.unroute(panel);
    await page.unroute(firstScreen);
  };
}

async function signUp(page: Page, email = uniqueEmail('screens')): Promise<void> {
  await signUpThroughForm(page, 'Screens', email);
}

/** Elements wider inside than their box (clipped or scrolling sideways): the page, tables, the kana chart. */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`page ${root.scrollWidth}/${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('.table-scroll, .kana-chart, table')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className || el.tagName} ${el.scrollWidth}/${el.clientWidth}`);
    }
    return out;
  });

/** Emoji used as pictures (© and ® are text). */
const emoji = (page: Page) => page.evaluate(() => (document.body.innerText.match(/\p{Extended_Pictographic}/gu) ?? []).filter((c) => c !== '©' && c !== '®'));

describe('learner screens at 1280 and 375 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`clips nothing and shows no emoji at ${width} px; the answer controls are on screen`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 740 : 900);
      await signUp(page);
      for (const path of ['/', '/kana', '/kanji1', '/vocab1', '/settings', '/about']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect({ path, clipped: await clipped(page) }).toEqual({ path, clipped: [] });
        expect({ path, emoji: await emoji(page) }).toEqual({ path, emoji: [] });
      }
      for (const course of ['kana', 'kanji1', 'vocab1']) {
        await page.goto(`/${course}`);
        await page.getByRole('button', { name: /Learn 10 new cards/ }).click();
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.locator('.grade-buttons').waitFor();
        expect({ course, clipped: await clipped(page) }).toEqual({ course, clipped: [] });
        // Scrolled to the top of a long answer, the grade buttons are still inside the viewport.
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page.locator('.grade-buttons').boundingBox();
        const viewport = page.viewportSize()!;
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        if (course === 'kanji1') await screenshot(page, `screens-kanji1-answer-${width}`);
      }
      await context.close();
    });
  }

  // The card whose answer side is the longest of each course (most breakdown, meaning and sentence text), served
  // in place of the learner's first new card: its grade buttons must still be on screen, nothing clipped.
  const COURSES = ['kana', 'kanji1', 'kanji2', 'vocab1', 'vocab2', 'vocab3'];
  async function longestCards(): Promise<Map<string, { type: string; id: number }>> {
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select distinct on (course) course, material_type, material_id from materials where servable
          order by course, length(coalesce((data->'sentence_breakdown')::text, '') || coalesce(data->>'vocab_meaning', '')
                   || coalesce((data->'meanings')::text, '') || coalesce(data->>'sentence_meaning', '') || coalesce(data->>'vocab_note', '')) desc, material_id`,
      );
      return new Map(rows.map((r) => [r.course, { type: r.material_type, id: r.material_id }]));
    } finally {
      await db.end();
    }
  }

  for (const width of [1280, 375]) {
    it(`keeps the grade buttons on screen for the longest card of each course at ${width} px`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 740 : 900);
      const email = uniqueEmail('longest');
      await signUp(page, email);
      // A subscriber: the longest card may be on any level.
      cli('users:set-subscription', email, 'active');
      const longest = await longestCards();
      for (const course of COURSES) {
        const card = longest.get(course)!;
        const served = await page.evaluate(
          ([c, t, id]) => fetch(`/api/flashcard?course=${c}&material_type=${t}&material_id=${id}`).then((r) => r.json()),
          [course, card.type, String(card.id)],
        );
        expect(served.flashcard?.flashcard_id).toBe(`${card.type}-${card.id}`);
        // The study panel's first request gets the longest card as the next new one.
        const unroute = await serveAsNextCard(page, course, served);
        await page.goto(`/${course}`);
        await page.getByRole('button', { name: /^Learn \d+ new cards/ }).click();
        await page.locator(`[data-card-id="${card.type}-${card.id}"]`).waitFor();
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.locator('.grade-buttons').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = await page.locator('.grade-buttons').boundingBox();
        const viewport = page.viewportSize()!;
        expect({ course, top: box!.y >= 0, bottom: box!.y + box!.height <= viewport.height }).toEqual({ course, top: true, bottom: true });
        expect({ course, clipped: await clipped(page) }).toEqual({ course, clipped: [] });
        await screenshot(page, `longest-${course}-answer-${width}`);
        await unroute();
      }
      await context.close();
    });
  }

  // Issue 17: a Kanji II card whose word the list writes in kana (うらやましい) shows it in the kanji's spelling with a
  // sentence of its own; 叔 (only in 叔父 おじ, 叔母 おば) says how its word is read.
  for (const width of [1280, 375]) {
    it(`shows a kanji card's word in the card's spelling, and a note on a whole-word reading, at ${width} px`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 740 : 900);
      const email = uniqueEmail('spelling');
      await signUp(page, email);
      cli('users:set-subscription', email, 'active');
      const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
      await db.connect();
      const ids = new Map(
        (await db.query(`select data->>'kanji' as kanji, material_id from materials where material_type = 'reading' and data->>'kanji' in ('羨', '叔')`)).rows.map((r) => [r.kanji, r.material_id]),
      );
      await db.end();
      for (const [kanji, expected] of [
        ['羨', { word: '羨ましい', sentence: '羨ましい', note: null }],
        ['叔', { word: '叔父', sentence: '叔父', note: /read as whole words/ }],
      ] as Array<[string, { word: string; sentence: string; note: RegExp | null }]>) {
        const id = ids.get(kanji);
        const served = await page.evaluate(([mid]) => fetch(`/api/flashcard?course=kanji2&material_type=reading&material_id=${mid}`).then((r) => r.json()), [String(id)]);
        expect(served.flashcard?.flashcard_id).toBe(`reading-${id}`);
        const unroute = await serveAsNextCard(page, 'kanji2', served);
        await page.goto('/kanji2');
        await page.getByRole('button', { name: /^Learn \d+ new cards/ }).click();
        await page.locator(`[data-card-id="reading-${id}"]`).waitFor();
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.locator('.grade-buttons').waitFor();
        expect(await page.locator('.card-answer .card-word').first().innerText()).toContain(expected.word);
        // The sentence shows the word in that spelling (its text without the ruby readings).
        const sentence = await page.locator('.card-sentence-text').first().evaluate((el) => {
          const copy = el.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('rt, rp').forEach((r) => r.remove());
          return copy.textContent ?? '';
        });
        expect(sentence).toContain(expected.sentence);
        const notes = await page.locator('.card-reading-note').allInnerTexts();
        if (expected.note) expect(notes).toEqual([expect.stringMatching(expected.note)]);
        else expect(notes).toEqual([]);
        expect({ kanji, clipped: await clipped(page) }).toEqual({ kanji, clipped: [] });
        await screenshot(page, `kanji2-${kanji === '羨' ? 'spelling' : 'whole-word'}-answer-${width}`);
        await unroute();
      }
      await context.close();
    });
  }

  it('copies a sentence without its furigana (a real Ctrl+C in Chromium)', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page);
    const card = await page.evaluate(() => fetch('/api/flashcard?course=vocab1').then((r) => r.json()).then((d) => d.flashcard));
    await page.goto('/vocab1');
    await page.getByRole('button', { name: /Learn 10 new cards/ }).click();
    await page.getByRole('button', { name: 'Show answer' }).click();
    const sentence = page.locator('.card-sentence-text [data-copy="plain"], .card-sentence-text[data-copy="plain"]').first();
    await sentence.waitFor();
    // Select the whole sentence as a learner would (the ruby readings are inside the selection).
    await sentence.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    await page.keyboard.press('Control+C');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const plain = String(card.material.sentence).replace(/\s+/g, '');
    expect(copied.replace(/。$/, '')).toBe(plain.replace(/。$/, ''));
    expect(copied).not.toMatch(/[[\]]/);
    await context.close();
  });
});
