import { Browser } from 'playwright-core';
import { launch, newPage, screenshot, uniqueEmail } from './helpers';

// A newcomer's first minute: the landing page, sign-up, and arriving signed in with a working session.
describe('landing and sign-up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('shows the courses to a visitor and signs a new learner up', async () => {
    const { context, page } = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto('/');
    await page.getByText('Kanji I').first().waitFor();
    await screenshot(page, 'landing-1280');

    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Aiko Tanaka');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('kioku-e2e-password-7');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));
    const profile = await page.evaluate(() => fetch('/api/users/profile').then((r) => r.status));
    expect(profile).toBe(200);
    await screenshot(page, 'signed-in-home-1280');
    // The signed-out profile probe on the landing page answers 401 by design; anything else is a bug.
    expect(consoleErrors.filter((e) => !/favicon|401/.test(e))).toEqual([]);
    await context.close();
  });

  it('renders the landing page at phone width', async () => {
    const { context, page } = await newPage(browser, 375, 812);
    await page.goto('/');
    await page.getByText('Kanji I').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'landing-375');
    await context.close();
  });
});
