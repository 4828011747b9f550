import { Browser } from 'playwright-core';
import { cli, launch, newPage, screenshot, uniqueEmail } from './helpers';

// Issue 18: the queue dashboard is Bull Board at /admin/queues. An admin sees the media queue, under the page's own
// CSP (inline styles allowed, scripts 'self'): nothing but its web font may be refused. A learner is turned away.


describe('the queue board (Bull Board)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`shows an admin the media queue at ${width} px, and refuses a learner`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 740 : 900);
      const refused: string[] = [];
      page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
      const email = uniqueEmail('board');
      await page.goto('/sign-up');
      await page.getByLabel('Name').fill('Board Keeper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('kioku-e2e-password-7');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));

      const asLearner = await page.goto('/admin/queues');
      expect(asLearner?.status()).toBe(403);

      cli('users:grant-admin', email);
      const asAdmin = await page.goto('/admin/queues', { waitUntil: 'networkidle' });
      expect(asAdmin?.status()).toBe(200);
      // The board's own app rendered the queue list (its script ran under script-src 'self').
      await page.getByText('media', { exact: false }).first().waitFor({ timeout: 15_000 });
      const queues = await page.evaluate(() => fetch('/admin/queues/api/queues').then((r) => r.json()));
      expect(queues.queues.map((q: { name: string }) => q.name)).toContain('media');
      await screenshot(page, `queue-board-${width}`);
      // Only the board's Google Fonts stylesheet may be refused (no font requests leave the app).
      expect(refused.filter((r) => !/fonts\.googleapis/.test(r))).toEqual([]);
      await context.close();
    });
  }
});
