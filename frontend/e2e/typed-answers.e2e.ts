import { Browser, Page } from 'playwright-core';
import { toRomaji } from 'wanakana';
import { join } from 'node:path';
import { launch, newPage, screenshot, screenshotDir, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 31 item 10 in a real browser, at 1280 and 375 px: the learner turns typed answers on in the settings; in a
// Vocab I review the box turns romaji into kana as they type; a slip (a small っ the word does not have) is
// diagnosed and retried once; the card then failed comes back at the end of the session with its earlier wrong
// answers on the back.

const cardId = (page: Page) => page.locator('[data-card-id]').getAttribute('data-card-id');

/** The card's reading and a meaning from its own material, as the server serves it. */
async function answerOf(page: Page, id: string): Promise<{ reading: string; meaning: string }> {
  const [type, materialId] = id.split('-');
  const card = await page.evaluate(
    ([t, m]) => fetch(`/api/flashcard?course=vocab1&material_type=${t}&material_id=${m}`).then((r) => r.json()),
    [type, materialId],
  );
  const material = card.flashcard.material;
  const meaning = String(material.vocab_meaning)
    .split(';')
    .map((part: string) => part.replace(/\([^)]*\)/g, '').trim())
    .find((part: string) => part !== '');
  return { reading: material.vocab_hiragana, meaning: meaning ?? '' };
}

/** The reading with a small っ inserted before a kana that starts with a consonant: a slip the server names. */
function withExtraTsu(reading: string): string | null {
  const chars = [...reading];
  for (let i = 1; i < chars.length; i++) {
    const romaji = toRomaji(chars[i]);
    if (/^[kstcfhmrwgzdbpj]/.test(romaji) && !/[ゃゅょぁぃぅぇぉっんー]/.test(chars[i]) && !/[ゃゅょぁぃぅぇぉ]/.test(chars[i + 1] ?? '')) {
      return [...chars.slice(0, i), 'っ', ...chars.slice(i)].join('');
    }
  }
  return null;
}

/** What the learner sees without scrolling (the full page hides the sticky answer bar's place on a phone). */
async function viewport(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

async function noHorizontalClipping(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function typeAnswer(page: Page, answer: { reading: string; meaning: string }): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Reading' });
  await box.fill('');
  await box.pressSequentially(toRomaji(answer.reading));
  const meaning = page.getByRole('textbox', { name: 'Meaning' });
  await meaning.fill(answer.meaning);
  await meaning.press('Enter');
}

describe('typed answers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 375]) {
    it(`at ${width} px: romaji becomes kana, a slip is diagnosed and retried, the card back shows its wrong answers`, async () => {
      const { context, page } = await newPage(browser, width, width === 375 ? 812 : 900);
      await signUpThroughForm(page, 'Kenji Typed', uniqueEmail('typed'));

      await page.goto('/settings', { waitUntil: 'networkidle' });
      await page.getByRole('radio', { name: 'The reading and the meaning' }).check();
      await page.getByText('Saved.').waitFor();
      await noHorizontalClipping(page);
      await screenshot(page, `typed-settings-${width}`);

      // Ten lessons first (typed answers are for reviews), then the review of those ten.
      await page.goto('/vocab1');
      await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
      for (let n = 1; n <= 10; n++) {
        await page.getByText(`New Card ${n}/10`).waitFor();
        expect(await page.getByRole('textbox', { name: 'Reading' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Show answer' }).click();
        await page.getByRole('button', { name: /^Got it, easy/ }).click();
      }
      await page.getByText(/^Review 1\//).waitFor();

      // The first review: the box has focus; what is typed in romaji shows in kana.
      const box = page.getByRole('textbox', { name: 'Reading' });
      await box.waitFor();
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      let failed: string | null = null;
      for (let n = 1; ; n++) {
        expect(n).toBeLessThan(25);
        const done = page.getByText('Session complete. Well done!');
        if (await done.isVisible()) break;
        const id = (await cardId(page))!;
        const answer = await answerOf(page, id);
        const slip = failed === null ? withExtraTsu(answer.reading) : null;
        if (slip) {
          failed = id;
          // A near miss: the slip named, one more try, the answer not shown.
          await box.pressSequentially(toRomaji(slip).slice(0, 3));
          await noHorizontalClipping(page);
          await screenshot(page, `typed-front-${width}`);
          await page.locator('article').scrollIntoViewIfNeeded();
          await viewport(page, `typed-front-view-${width}`);
          await box.pressSequentially(toRomaji(slip).slice(3));
          expect(await box.inputValue()).toBe(slip.slice(0, -1) + (toRomaji(slip).endsWith('n') ? 'n' : slip.slice(-1)));
          const meaning = page.getByRole('textbox', { name: 'Meaning' });
          await meaning.fill(answer.meaning);
          await meaning.press('Enter');
          const alert = page.getByRole('alert').filter({ hasText: 'small っ' });
          await alert.waitFor();
          expect(await alert.textContent()).toContain('One more try');
          expect(await page.locator('article[aria-label="Flashcard, question side"]').count()).toBe(1);
          await noHorizontalClipping(page);
          await screenshot(page, `typed-near-miss-${width}`);
          await viewport(page, `typed-near-miss-view-${width}`);
          // the retry is the same slip: wrong, diagnosed on the back, graded "didn't get it" only
          await meaning.press('Enter');
          await page.getByText(/Not quite/).waitFor();
          await page.getByText(/small っ/).first().waitFor();
          expect(await page.getByRole('button', { name: /^Got it/ }).count()).toBe(0);
          await noHorizontalClipping(page);
          await screenshot(page, `typed-wrong-back-${width}`);
          // the verdict just below the sticky top bar
          await page.evaluate(() => {
            const verdict = document.querySelector('.typed-verdict')!.getBoundingClientRect();
            const header = document.querySelector('header')?.getBoundingClientRect();
            window.scrollBy(0, verdict.top - (header?.bottom ?? 0) - 8);
          });
          await viewport(page, `typed-wrong-back-view-${width}`);
          await page.getByRole('button', { name: /^Didn't get it/ }).click();
        } else if (id === failed) {
          // The failed card again: right this time; its back lists the two wrong tries of before.
          await typeAnswer(page, answer);
          await page.getByText('Correct', { exact: true }).waitFor();
          await page.getByRole('heading', { name: 'Your earlier wrong answers' }).waitFor();
          const items = page.locator('.wrong-answers li');
          expect(await items.count()).toBe(2);
          expect(await items.first().textContent()).toContain('small っ');
          expect(await page.locator('.wrong-answers').textContent()).toContain('(first try)');
          // scrolled until the list clears the sticky answer bar, as a learner scrolls to it
          await page.evaluate(() => {
            const list = document.querySelector('.wrong-answers')!.getBoundingClientRect();
            const bar = document.querySelector('.card-actions')!.getBoundingClientRect();
            window.scrollBy(0, list.bottom - bar.top + 12);
          });
          await noHorizontalClipping(page);
          await screenshot(page, `typed-back-history-${width}`);
          await viewport(page, `typed-back-history-view-${width}`);
          await page.getByRole('button', { name: /^Got it, easy/ }).click();
        } else {
          await typeAnswer(page, answer);
          await page.getByText(/^Correct/).waitFor();
          await page.getByRole('button', { name: /^Got it, easy/ }).click();
        }
        // the next card (question side up), or the session's end
        await page.waitForFunction(() => document.querySelector('article[aria-label="Flashcard, question side"]') !== null || document.body.textContent!.includes('Session complete'));
      }
      expect(failed).not.toBeNull();
      // The server recorded it all: the grade events carry the typed answers.
      const history = await page.evaluate((id) => fetch(`/api/flashcard/wrong-answers?id=${id}`).then((r) => r.json()), failed);
      expect(history.wrong_answers.map((w: { first_try: boolean }) => w.first_try)).toEqual([false, true]);
      await context.close();
    });
  }

  it('at 1280 px in Kanji I: the other kind of reading is named ("we want the kun reading"), and retried', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signUpThroughForm(page, 'Kenji Kanji', uniqueEmail('typed-kanji'));
    await page.goto('/settings', { waitUntil: 'networkidle' });
    // A click, then the server's word for it: check() also asks that the box has changed the instant after the
    // click, which twice failed on CI's first page of the run (the box now shows a choice at once, settings-page.tsx).
    const typedReading = page.getByRole('checkbox', { name: 'Type the reading in kanji courses' });
    await typedReading.click();
    await page.getByText('Saved.').waitFor();
    expect(await typedReading.isChecked()).toBe(true);

    await page.goto('/kanji1');
    await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    for (let n = 1; n <= 10; n++) {
      await page.getByText(`New Card ${n}/10`).waitFor();
      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('button', { name: /^Got it, easy/ }).click();
    }
    await page.getByText(/^Review 1\//).waitFor();
    const box = page.getByRole('textbox', { name: 'Reading' });
    expect(await page.getByRole('textbox', { name: 'Meaning' }).count()).toBe(0);
    // Through the reviews until a card whose kanji has a reading of the other kind: type that one.
    let named = false;
    for (let n = 1; n <= 10 && !named; n++) {
      await box.waitFor();
      const [, materialId] = (await cardId(page))!.split('-');
      const card = await page.evaluate((m) => fetch(`/api/flashcard?course=kanji1&material_type=reading&material_id=${m}`).then((r) => r.json()), materialId);
      const m = card.flashcard.material;
      const kanji = await page.evaluate((id) => fetch(`/api/kanji/${id}`).then((r) => r.json()), m.kanji_id);
      const others: Array<{ reading: string }> = m.reading_kind === 'kun' ? kanji.on_readings : kanji.kun_readings;
      const wanted = m.reading_kind === 'kun' ? 'We want the kun reading.' : 'We want the on reading.';
      const other = others.map((r) => r.reading.replace(/[.-]/g, '')).find((r) => r && !String(m.vocab_hiragana).includes(r));
      if (!other) {
        await box.pressSequentially(toRomaji(String(m.reading).replace(/[.-]/g, '')).toLowerCase());
        await box.press('Enter');
        await page.getByText(/^Correct/).waitFor();
        await page.getByRole('button', { name: /^Got it, easy/ }).click();
        continue;
      }
      await box.pressSequentially(toRomaji(other).toLowerCase());
      await box.press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: wanted });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(`of ${m.kanji}`);
      await screenshot(page, 'typed-kanji-other-reading-1280');
      // the retry, right: correct on the second try
      await box.fill('');
      await box.pressSequentially(toRomaji(String(m.reading).replace(/[.-]/g, '')).toLowerCase());
      await box.press('Enter');
      await page.getByText('Correct on the second try').waitFor();
      await screenshot(page, 'typed-kanji-second-try-1280');
      named = true;
    }
    expect(named).toBe(true);
    await context.close();
  });
});
