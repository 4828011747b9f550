import { Browser, Page } from 'playwright-core';
import { cli, launch, newPage, uniqueEmail } from './helpers';

// Issue 16: the app works under its Content-Security-Policy. Every page a learner and an admin open (landing,
// sign-up, a lesson, settings, the admin's lists and a material with its audio) is loaded, the first card is
// answered, and Chromium must report no CSP violation (securitypolicyviolation events and console messages).


async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('#root *').first().waitFor();
}

describe('the app under its Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('reports no CSP violation on learner and admin pages', async () => {
    const { context, page } = await newPage(browser);
    // Every securitypolicyviolation event of every page, reported to the test (init scripts and bindings are
    // the browser's own: the page's CSP does not apply to them), and every CSP message in the console.
    const violations: string[] = [];
    await context.exposeBinding('__reportCsp', ({ page: p }, text: string) => violations.push(`${p.url()}: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
      );
    });
    page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(`${page.url()}: ${m.text()}`));

    const landing = await page.goto('/', { waitUntil: 'networkidle' });
    expect(landing?.headers()['content-security-policy']).toMatch(/script-src 'self'; ?style-src 'self'.*frame-ancestors 'none'/);
    expect(landing?.headers()['x-frame-options']).toBe('DENY');
    await page.getByText('Kanji I').first().waitFor();
    // The collector works: an injected inline script and an inline style attribute are refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.name = "inline ran"';
      document.head.appendChild(script);
      document.body.setAttribute('style', 'outline: 1px solid red');
    });
    for (let i = 0; i < 20 && violations.length < 2; i++) await page.waitForTimeout(100);
    await page.waitForTimeout(300);
    expect(violations.some((v) => v.includes('script-src'))).toBe(true);
    expect(violations.some((v) => v.includes('style-src-attr'))).toBe(true);
    expect(await page.evaluate(() => window.name)).not.toBe('inline ran');
    violations.length = 0;

    const email = uniqueEmail('csp');
    await open(page, '/sign-up');
    await page.getByLabel('Name').fill('Csp Checker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('kioku-e2e-password-7');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));

    // A lesson: the card, its answer and the grade buttons (progress bars, stroke order, audio button).
    await open(page, '/kana');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByRole('button', { name: /^Got it, easy/ }).click();
    await page.getByText('New Card 2/10').waitFor();
    for (const path of ['/vocab1', '/kanji1', '/settings']) await open(page, path);

    cli('users:grant-admin', email);
    await open(page, '/admin');
    const vocab = await page.evaluate(() => fetch('/api/admin/materials?type=vocab&course=vocab1&level=1').then((r) => r.json()));
    await open(page, `/admin/vocabs/${vocab.items[0].id}`);
    await open(page, '/admin/users');

    expect(violations).toEqual([]);
    await context.close();
  });
});
