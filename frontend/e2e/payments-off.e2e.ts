import { Browser, Page } from 'playwright-core';
import { bareUrl, launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 15 item 1 in a real browser, against the e2e run's second app, which has no payment provider configured
// (scripts/e2e.mjs starts it without STRIPE_*): no Subscribe anywhere, and every way into checkout ends on a page
// of the app that says what happened and leads back, never on raw JSON or an endless "Checking your payment…".

async function signUp(page: Page): Promise<void> {
  await signUpThroughForm(page, 'Nao Free', uniqueEmail('free'));
}

async function subscribeOffers(page: Page): Promise<number> {
  return (await page.getByRole('button', { name: /subscribe/i }).count()) + (await page.getByRole('link', { name: /subscribe/i }).count());
}

describe('without payments configured', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`offers no Subscribe at ${width} px and shows checkout failures in the app`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900, bareUrl);
      await signUp(page);
      const profile = await page.evaluate(() => fetch('/api/users/profile').then((r) => r.json()));
      expect(profile.payments_available).toBe(false);

      for (const path of ['/', '/kana', '/vocab1', '/settings']) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        // Let the panels load (the study panel offers Subscribe at rest when payments exist).
        await page.waitForLoadState('networkidle');
        expect(await subscribeOffers(page)).toBe(0);
      }
      await screenshot(page, `settings-no-payments-${width}`);

      // A browser's plain form post to /checkout (no script): a 303 back to the app, which says why.
      await page.goto('/settings');
      await page.evaluate(async () => {
        const { token } = await fetch('/api/auth/csrf').then((r) => r.json());
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/checkout';
        const field = document.createElement('input');
        field.type = 'hidden';
        field.name = '_csrf';
        field.value = token;
        form.append(field);
        document.body.append(form);
        form.submit();
      });
      await page.waitForURL('**/settings?checkout_error=not_configured');
      const problem = page.getByRole('alert').filter({ hasText: 'The checkout could not be opened.' });
      await problem.waitFor();
      expect(await problem.innerText()).toContain('Payments are not configured.');
      expect(await problem.innerText()).toContain('Nothing was charged.');
      await screenshot(page, `checkout-error-in-app-${width}`);
      await problem.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // Coming back from a checkout that cannot be checked: an answer, not an endless wait.
      await page.goto('/settings?checkout_session_id=cs_test_unknown');
      await page.getByText('payments are not configured on this server').waitFor({ timeout: 15_000 });
      expect(await page.getByText('Checking your payment').count()).toBe(0);
      await context.close();
    });
  }
});
