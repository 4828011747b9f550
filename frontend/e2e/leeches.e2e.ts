import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 31, item 11 in a real browser, at 1280 and 375 px: a learner learns ten kana, then misses one of them in
// eight reviews; the home page lists it as a leech with its eight wrong answers; Re-learn opens it on the course
// page as a fresh lesson (the answer side, sentence and words), and back to studying it waits among the reviews.

const LEECH_LAPSES = 8;
const cardId = (page: Page) => page.locator('.study-panel [data-card-id]').getAttribute('data-card-id');

async function noHorizontalClipping(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Flips the card on screen and grades it; waits until another card (or the same one, later) is shown. */
async function answer(page: Page, grade: RegExp, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: grade }).click();
  await page.waitForFunction((before) => document.querySelector('.study-panel .session-progress')?.textContent !== before || !document.querySelector('.study-panel [data-card-id]'), label);
}

describe('leeches: listed on the dashboard, re-learned as a lesson', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`at ${width} px: a card missed ${LEECH_LAPSES} times is a leech, shown with its wrong answers, and re-learned`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await signUpThroughForm(page, 'Ren Leech', uniqueEmail('leech'));
      await page.goto('/kana');
      await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
      await page.getByText('New Card 1/10').waitFor();
      const leech = await cardId(page);
      for (let n = 1; n <= 10; n++) {
        await page.getByText(`New Card ${n}/10`).waitFor();
        await answer(page, /^Got it, easy/, `New Card ${n}/10`);
      }
      // The reviews of the batch: the first card is missed every time it comes back, the others are known.
      let missed = 0;
      while (missed < LEECH_LAPSES) {
        const label = (await page.locator('.study-panel .session-progress').innerText()).trim();
        expect(label).toMatch(/^Review \d+\/\d+$/);
        if ((await cardId(page)) === leech) {
          missed++;
          await answer(page, /^Didn't get it/, label);
        } else {
          await answer(page, /^Got it, easy/, label);
        }
      }

      await page.goto('/');
      const region = page.getByRole('region', { name: 'Leeches (1)' });
      await region.waitFor();
      const item = region.getByRole('listitem').filter({ hasText: `missed ${LEECH_LAPSES} times` });
      await item.waitFor();
      await item.getByText(`Wrong answers (${LEECH_LAPSES})`).click();
      expect(await item.locator('.leech-history li').count()).toBe(LEECH_LAPSES);
      expect(await item.locator('.leech-history li').first().innerText()).toContain('Didn’t get it');
      await noHorizontalClipping(page);
      // From the top: a full-page shot of a scrolled page draws the sticky top bar where the view was.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `leeches-dashboard-${width}`);

      await item.getByRole('button', { name: 'Re-learn' }).click();
      await page.waitForURL((url) => url.pathname === '/kana' && url.searchParams.get('relearn') === leech);
      const lesson = page.getByRole('article', { name: 'Flashcard to re-learn, answer side' });
      await lesson.waitFor();
      expect(await lesson.getAttribute('data-card-id')).toBe(leech);
      // The lesson: the card's answer side, with the word and its sentence.
      expect((await lesson.innerText()).length).toBeGreaterThan(3);
      await noHorizontalClipping(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `leech-relearn-lesson-${width}`);
      await page.getByRole('button', { name: 'Done: back to studying' }).click();
      await page.waitForURL((url) => url.pathname === '/kana' && !url.search);
      await page.getByRole('button', { name: /^Review/ }).first().waitFor();

      // Recorded by the server: no leech any more, and the card is due now with a fresh count.
      const leeches = await page.evaluate(() => fetch('/api/leeches').then((r) => r.json()));
      expect(leeches.leeches).toEqual([]);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Ren Leech' }).waitFor();
      expect(await page.getByRole('region', { name: /^Leeches/ }).count()).toBe(0);
      await context.close();
    });
  }
});
