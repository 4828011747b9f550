import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 32 in a real browser, at 1280 and 375 px: a learner pastes a text at /read (from the top bar), sees it with
// furigana and every word coloured, the figures on top, a word's dictionary entry; learns one word next (the
// dashboard shows it, and undoes it); keeps the text, finds it again in the list, deletes it.

const TEXT = '私は昨日りんごを食べなかった。田中さんは東京に住んでいます。\n毎日図書館で日本語を勉強しています。';

async function noHorizontalClipping(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string): Promise<void> {
  const path = await screenshot(page, name);
  // The brief's own copy of every screen, for review.
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, join(dir, `${name}.png`));
  }
}

describe('Read with Kioku', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`at ${width} px: read a pasted text, open a word, learn it next, keep the text and delete it`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      page.on('dialog', (dialog) => void dialog.accept());
      await signUpThroughForm(page, 'Rei Reader', uniqueEmail('reader'));
      await page.goto('/');
      const bar = page.getByRole('navigation', { name: 'Main' });
      if (width === 375) {
        // A phone's top bar has no room for Read: the account menu offers it.
        expect(await bar.getByRole('link', { name: 'Read', exact: true }).isVisible()).toBe(false);
        await bar.getByRole('button', { name: 'Account' }).click();
        await bar.getByRole('link', { name: 'Read a text' }).click();
      } else {
        await bar.getByRole('link', { name: 'Read', exact: true }).click();
      }
      await page.waitForURL('**/read');
      await page.getByRole('heading', { level: 1, name: 'Read' }).waitFor();
      await page.getByText('Texts you keep are listed here').waitFor();
      await noHorizontalClipping(page);
      await shot(page, `read-empty-${width}`);

      // An empty text is refused with the server's message, naming what to do.
      await page.getByRole('button', { name: 'Read', exact: true }).click();
      await page.getByRole('alert').getByText('Paste or type a Japanese text.').waitFor();

      await page.getByLabel('Japanese text').fill(TEXT);
      await page.getByRole('button', { name: 'Read', exact: true }).click();
      await page.getByText(/Known of the words you read/).waitFor();
      // A new learner knows none of it yet; the name is shown and not counted.
      expect(await page.locator('.read-figure strong').first().textContent()).toBe('0 %');
      const eat = page.getByRole('button', { name: /^食べ: 食べる, in a course, not met yet$/ });
      await eat.waitFor();
      expect(await eat.locator('rt').textContent()).toBe('た');
      expect(await page.locator('.read-name', { hasText: '田中' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^田中/ }).count()).toBe(0);
      await noHorizontalClipping(page);
      await shot(page, `read-analysis-${width}`);

      // A word's dictionary entry: meaning and its course, from the dictionary API.
      await page.getByRole('button', { name: /^私: 私, in a course/ }).click();
      const panel = page.getByRole('region', { name: 'The word 私' });
      await panel.getByText(/Vocab I, level 1/).waitFor();
      await panel.getByText(/\bI\b.*\bme\b/).first().waitFor();
      await noHorizontalClipping(page);
      await shot(page, `read-word-${width}`);

      // Learn it next: the dashboard says it comes first, and undoes it.
      await panel.getByRole('button', { name: 'Learn this word next' }).click();
      await panel.getByText('1 word will come first in your next lessons of Vocab I.').waitFor();
      await page.goto('/');
      const reading = page.getByRole('region', { name: 'From your reading' });
      await reading.getByText(/1\s+word comes first in your next lessons of Vocab I/).waitFor();
      await noHorizontalClipping(page);
      await shot(page, `read-dashboard-${width}`);
      await reading.getByRole('button', { name: 'Undo' }).click();
      await reading.waitFor({ state: 'detached' });

      // Keep a text: it opens at its own address and is listed with the share known now.
      await page.goto('/read');
      await page.getByLabel('Japanese text').fill(TEXT);
      await page.getByLabel('Title (to keep it)').fill('図書館の話');
      await page.getByRole('button', { name: 'Read and keep' }).click();
      await page.waitForURL(/\/read\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: '図書館の話' }).waitFor();
      await page.getByRole('heading', { name: 'Learn these' }).waitFor();
      await page.getByRole('button', { name: /^Select all unknown in my courses/ }).click();
      await shot(page, `read-kept-${width}`);
      await page.getByRole('button', { name: 'Your texts' }).click();
      await page.waitForURL('**/read');
      const item = page.getByRole('listitem').filter({ hasText: '図書館の話' });
      await item.getByText('0 % of its words known').waitFor();
      await noHorizontalClipping(page);
      await shot(page, `read-list-${width}`);
      await item.getByRole('button', { name: /^Delete/ }).click();
      await page.getByText('Texts you keep are listed here').waitFor();
      await context.close();
    });
  }
});
