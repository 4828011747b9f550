import { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signUpThroughForm } from './helpers';

// The learner journey of issue 6, as a new user would live it: sign up, learn 10 kana, review those just
// learned, watch progress and forecast change, meet the paywall, subscribe through the (loopback) hosted
// checkout, and study with the keyboard only.

async function signUp(page: Page, name: string): Promise<void> {
  await signUpThroughForm(page, name);
}

// The progress table by its name: the course page loads its parts together, so the kana chart may be the
// first table on the page before the stats arrive.
async function progressCounts(page: Page): Promise<string> {
  return (await page.getByRole('table', { name: 'Cards per level' }).innerText()).replace(/\s+/g, ' ');
}

async function answerCard(page: Page, grade: 'Got it, easy' | 'Got it, hard' | "Didn't get it"): Promise<void> {
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: new RegExp(`^${grade}`) }).click();
}

describe('learner journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('learns 10 kana, reviews them, meets the paywall and subscribes', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Hana Sato');
    await page.goto('/kana');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    await screenshot(page, 'kana-first-card-1280');
    for (let n = 1; n <= 10; n++) {
      await page.getByText(`New Card ${n}/10`).waitFor();
      await answerCard(page, 'Got it, easy');
    }
    // After the tenth new card the batch is reviewed right away.
    for (let n = 1; n <= 10; n++) {
      await page.getByText(`Review ${n}/10`).waitFor();
      await answerCard(page, 'Got it, easy');
    }
    await page.getByText('Session complete. Well done!').waitFor();
    const stats = await page.evaluate(() => fetch('/api/users/stats?course=kana').then((r) => r.json()));
    expect(stats.levels[0].learning).toBe(10);
    expect(stats.review_forecast.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(10);
    await page.reload();
    await page.getByRole('button', { name: 'Learn 10 new cards' }).waitFor();
    expect(await progressCounts(page)).toMatch(/10/);
    await screenshot(page, 'kana-after-lesson-1280');

    // The paywall: level 2 cards and the second dictionary tab are locked without a subscription.
    const level2 = await page.evaluate(async () => {
      const list = await fetch('/api/vocabs?course=vocab1&tab=a').then((r) => r.json());
      const item = list.items.find((i: { level: number }) => i.level === 2);
      return fetch(`/api/flashcard?course=vocab1&material_type=vocab&material_id=${item.id}`).then((r) => r.status);
    });
    expect(level2).toBe(402);
    await page.goto('/vocab1');
    await page.getByRole('tab', { name: /か/ }).click();
    await page.getByText('Subscribe to open every dictionary tab').waitFor();
    await screenshot(page, 'vocab1-locked-tab-1280');

    // Subscribe through the hosted checkout (a loopback Stripe), come back to the thank-you message.
    await page.getByRole('button', { name: 'Subscribe' }).first().click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText(/Thank you for subscribing!/).waitFor({ timeout: 30_000 });
    await page.goto('/vocab1');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    await page.getByRole('button', { name: 'I already know it' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await page.getByRole('tab', { name: /か/ }).click();
    expect(await page.getByText('Subscribe to open every dictionary tab').count()).toBe(0);
    await screenshot(page, 'vocab1-subscribed-1280');
    await context.close();
  });

  it('runs a lesson and its review with the keyboard only', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Ken Mori');
    await page.goto('/kanji1');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).waitFor();
    await page.keyboard.press('Space'); // starts the lesson
    for (let n = 1; n <= 10; n++) {
      await page.getByText(`New Card ${n}/10`).waitFor();
      await page.keyboard.press('Space'); // flip
      await page.getByRole('button', { name: /^Got it, easy/ }).waitFor();
      await page.keyboard.press('3'); // got it, easy
    }
    for (let n = 1; n <= 10; n++) {
      await page.getByText(`Review ${n}/10`).waitFor();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: /^Got it, hard/ }).waitFor();
      await page.keyboard.press('2');
    }
    await page.getByText('Session complete. Well done!').waitFor();
    const stats = await page.evaluate(() => fetch('/api/users/stats?course=kanji1').then((r) => r.json()));
    expect(stats.levels[0].learning).toBe(10);
    await screenshot(page, 'kanji1-after-keyboard-1280');
    await context.close();
  });

  it('lays the study screen out at phone width', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await signUp(page, 'Yuki Ito');
    await page.goto('/vocab1');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    await page.getByText('New Card 1/10').waitFor();
    await page.getByRole('button', { name: 'Show answer' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(overflow).toBe(false);
    await screenshot(page, 'vocab1-card-375');
    await context.close();
  });
});
