import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const screenshotDir = join(__dirname, '..', '..', 'artifacts', 'screenshots');

/** Debian's Chromium, headless, with the flags this sandbox needs (no background networking). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The second app of the e2e run: no payment provider configured (scripts/e2e.mjs). */
export const bareUrl = process.env.E2E_BARE_URL ?? 'http://127.0.0.1:3001';

export async function newPage(browser: Browser, width = 1280, height = 900, base: string = baseUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, baseURL: base });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function uniqueEmail(prefix = 'learner'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The password every e2e learner signs up with. */
export const E2E_PASSWORD = 'kioku-e2e-password-7';

/** Signs a new learner up through the form and waits until the app has left it; returns the email used. */
export async function signUpThroughForm(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-up'));
  return email;
}

/** An operator command (backend/dist/cli.js) on the browser tests' database; its standard output. */
export function cli(...args: string[]): string {
  return execFileSync(process.execPath, [join(__dirname, '..', '..', 'backend', 'dist', 'cli.js'), ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
    stdio: 'pipe',
  }).toString();
}

/** One statement on the browser tests' database (a test that seeds or checks what the screens cannot). */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}
