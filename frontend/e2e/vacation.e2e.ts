import { Browser, Page } from 'playwright-core';
import { cli, launch, newPage, query, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 30, item 4 in a real browser at 1280 and 375 px: a learner starts a vacation in Settings, the home and
// course pages say so with Resume; back from a break with a pile of 150 reviews, the study panel offers a plan,
// serves the day's quota, and then says the day's plan is done.

const PILE = 150;

async function noHorizontalClipping(page: Page): Promise<void> {
  const { overflow, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The elements that reach past the right edge, named, so a failure says what to fix.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });
  expect({ overflow: Math.max(0, overflow), wide: overflow > 0 ? wide : [] }).toEqual({ overflow: 0, wide: [] });
}

async function shot(page: Page, name: string): Promise<void> {
  await noHorizontalClipping(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('vacation mode and back from a break', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`at ${width} px: a vacation is started, shown with Resume, and ended`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await signUpThroughForm(page, 'Yuki Vacation', uniqueEmail('vacation'));
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Vacation' });
      await section.waitFor();
      // A past day is refused by the server, naming the field.
      await section.getByLabel('Planned return (optional)').fill(inDays(-1));
      await section.getByRole('button', { name: 'Start vacation' }).click();
      await section.getByText('The return date must be after today.').waitFor();
      await section.getByLabel('Planned return (optional)').fill(inDays(14));
      await section.getByRole('button', { name: 'Start vacation' }).click();
      await section.getByText(/^On vacation since/).waitFor();
      await shot(page, `vacation-settings-${width}`);

      await page.goto('/');
      const notice = page.getByRole('status', { name: 'Vacation' });
      await notice.getByText('You are on vacation').waitFor();
      await shot(page, `vacation-home-${width}`);

      await page.goto('/kana');
      const panelNotice = page.locator('.study-panel').getByRole('status', { name: 'Vacation' });
      await panelNotice.waitFor();
      expect(await page.getByRole('button', { name: /^Learn \d+ new cards/ }).count()).toBe(0);
      await shot(page, `vacation-course-${width}`);
      await panelNotice.getByRole('button', { name: 'Resume studying' }).click();
      await page.getByRole('button', { name: /^Learn \d+ new cards/ }).waitFor();
      expect(await page.getByRole('status', { name: 'Vacation' }).count()).toBe(0);
      await context.close();
    });

    it(`at ${width} px: a pile of ${PILE} reviews is offered as a plan, and the day's quota is served`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      const email = uniqueEmail('pile');
      await signUpThroughForm(page, 'Kenji Back', email);
      cli('users:set-subscription', email, 'active');
      const [{ id }] = await query<{ id: string }>('select id from users where email = $1', [email]);
      // Learned long ago, reviewed once a month, then left for weeks: every card due, none in the usual load.
      await query(
        `insert into card_states (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version, servable)
         select $1, m.course, m.material_type, m.material_id, m.level, 3, 'intermediate', 720,
                now() - make_interval(days => (row_number() over (order by m.level, m.position))::int % 20 + 1),
                now() - interval '60 days', now() - interval '120 days', 0, true
           from (select * from materials where course = 'kanji1' and servable order by level, position limit $2) m`,
        [id, PILE],
      );
      // The progress table counts them too (its projection only sees events, and these rows were written directly).
      await query(
        `insert into progress_level_counts (user_id, course, level, learning, intermediate, mastered)
         select user_id, course, level, 0, count(*), 0 from card_states where user_id = $1 group by user_id, course, level
         on conflict (user_id, course, level) do update set intermediate = excluded.intermediate`,
        [id],
      );

      await page.goto('/kanji1');
      const offer = page.locator('.study-panel .catch-up');
      await offer.getByText(`${PILE} reviews due — clear them in 7 days: about 22 a day, the most at risk first.`).waitFor();
      await shot(page, `catch-up-offer-${width}`);
      await offer.getByText('14 days').click();
      await offer.getByText('clear them in 14 days: about 11 a day').waitFor();
      await offer.getByRole('button', { name: 'Start the 14-day plan' }).click();
      await page.getByText('Catch-up plan · day 1 of 14').waitFor();
      await page.getByText("of today's 11 reviews to go").waitFor();
      await shot(page, `catch-up-today-${width}`);

      await page.locator('.study-panel').getByRole('button', { name: 'Review', exact: true }).click();
      for (let n = 1; n <= 11; n++) {
        await page.getByRole('button', { name: 'Show answer' }).click();
        const before = await page.locator('.study-panel .session-progress').innerText();
        await page.getByRole('button', { name: /^Got it, easy/ }).click();
        await page.waitForFunction((b) => document.querySelector('.study-panel .session-progress')?.textContent !== b || !document.querySelector('.study-panel [data-card-id]'), before);
      }
      await page.getByText("Today's plan is done: 11 reviews.").waitFor();
      expect(await page.locator('.study-panel [data-card-id]').count()).toBe(0);
      await shot(page, `catch-up-done-${width}`);
      // The learner may go on.
      await page.getByRole('button', { name: 'Keep going today' }).click();
      await page.getByText(/Today's 11 are done; going on with the most at risk/).waitFor();
      await context.close();
    });
  }
});
