import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 15 in a real browser, at 1280 and 375 px: the home page greets a first visit with where to start and a
// returning learner with the counts; `u` takes the last answer back (the server records the undo, the card comes
// back to be graded again); the session ends with its summary.

async function signUp(page: Page): Promise<void> {
  await signUpThroughForm(page, 'Mika Undo', uniqueEmail('undo'));
}

const cardId = (page: Page) => page.locator('[data-card-id]').getAttribute('data-card-id');

async function noHorizontalClipping(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('dashboard, undo and the session summary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`at ${width} px: start here, undo with u, the summary, then the counts at home`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await signUp(page);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Welcome to Kioku, Mika Undo' }).waitFor();
      expect(await page.getByText(/Welcome back/).count()).toBe(0);
      await noHorizontalClipping(page);
      await screenshot(page, `home-first-visit-${width}`);
      await page.getByRole('link', { name: 'Start with Hiragana/Katakana' }).click();
      await page.waitForURL('**/kana');

      await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
      await page.getByText('New Card 1/10').waitFor();
      const first = await cardId(page);
      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('button', { name: /^Didn't get it/ }).click();
      await page.getByText('New Card 2/10').waitFor();
      // The answer is saved in the background: wait for the Undo button, then press u.
      await page.getByRole('button', { name: 'Undo last answer' }).waitFor();
      await page.locator('body').focus();
      await page.keyboard.press('u');
      await page.getByText('New Card 1/10').waitFor();
      expect(await cardId(page)).toBe(first);
      // Answer side up, graded again.
      await page.getByRole('group', { name: 'How well did you know it?' }).waitFor();
      await screenshot(page, `study-after-undo-${width}`);
      const log = await page.evaluate(() => fetch('/api/dashboard').then((r) => r.json()));
      expect(log.first_visit).toBe(true);
      await page.getByRole('button', { name: /^Got it, easy/ }).click();

      for (let n = 2; n <= 10; n++) {
        await page.getByText(`New Card ${n}/10`).waitFor();
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.getByRole('button', { name: n === 3 ? /^Didn't get it/ : /^Got it, easy/ }).click();
      }
      for (let n = 1; ; n++) {
        const done = page.getByText('Session complete. Well done!');
        if (await done.isVisible()) break;
        expect(n).toBeLessThan(20);
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.getByRole('button', { name: /^Got it, easy/ }).click();
        await Promise.race([done.waitFor(), page.getByText(`Review ${n + 1}/`).waitFor()]).catch(() => undefined);
      }
      await page.getByRole('heading', { name: 'To look at again (1)' }).waitFor();
      await page.getByRole('button', { name: 'Learn 10 more' }).waitFor();
      await noHorizontalClipping(page);
      await screenshot(page, `session-summary-${width}`);

      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Mika Undo' }).waitFor();
      const kana = page.getByRole('link', { name: /Hiragana\/Katakana/ });
      await kana.getByText('10 due in the next 5 days').waitFor();
      await noHorizontalClipping(page);
      await screenshot(page, `home-returning-${width}`);
      await context.close();
    });
  }
});
