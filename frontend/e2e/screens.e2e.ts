import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, uniqueEmail } from './helpers';

// Issue 15's browser acceptance, as a new learner meets the screens at 1280 and 375 px in Debian's Chromium:
// nothing is clipped sideways (the page, every table, the kana chart), the answer controls are on screen on the
// answer side, no emoji glyph stands in for an icon, and copying a sentence gives it without its furigana.

async function signUp(page: Page): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill('Screens');
  await page.getByLabel('Email').fill(uniqueEmail('screens'));
  await page.getByLabel('Password').fill('kioku-e2e-password-7');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));
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
