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

  it('signs a learner out and back in, saying so when the password is wrong, at desktop and phone widths', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      const email = uniqueEmail('returning');
      await page.goto('/sign-up');
      await page.getByLabel('Name').fill('Kenji Mori');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('kioku-e2e-password-7');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));
      if (width === 1280) {
        // Logout in the menu: a POST with the CSRF header, then a fresh load of / as a visitor.
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('link', { name: 'Logout' }).click();
      } else {
        // Opening /users/sign_out (a link from anywhere) only asks; the button signs out (issue 28).
        await page.goto('/users/sign_out');
        await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
        expect(await page.evaluate(() => fetch('/api/users/profile').then((r) => r.status))).toBe(200);
        await page.getByRole('button', { name: 'Sign out' }).click();
      }
      // Then / is loaded afresh, for a visitor: the top bar offers Sign in again.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => fetch('/api/users/profile').then((r) => r.status))).toBe(401);

      await page.goto('/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not-the-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('The email or password is incorrect.').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page, `sign-in-wrong-password-${width}`);

      await page.getByLabel('Password').fill('kioku-e2e-password-7');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      expect(await page.evaluate(() => fetch('/api/users/profile').then((r) => r.json()).then((p) => p.email))).toBe(email);
      await screenshot(page, `signed-in-again-${width}`);
      await context.close();
    }
  });

  it('shows the about page with the content credits, from the landing page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Credits and licences' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Kioku' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('link', { name: /CC BY-SA 3\.0/ }).first().getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/3.0/');
    expect(await page.getByRole('link', { name: 'KanjiVG' }).getAttribute('href')).toBe('https://kanjivg.tagaini.net');
    await page.getByText('This app uses the EDICT and KANJIDIC2 dictionary files.', { exact: false }).waitFor();
    await screenshot(page, 'about-1280');
    // Reloading /about signed out stays on it (a public page, not a redirect to sign-in).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'About Kioku' }).waitFor();
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
