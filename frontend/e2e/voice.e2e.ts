import { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 14's browser acceptance: the system voice (Open JTalk → Ogg Opus), made in the background by the real
// worker after the app loaded its content, reaches a new learner's first cards of kana, Kanji I and Vocab I.
// After the flip each card offers its audio (kana and kanji only after the flip, SPEC §5), the `<audio>`
// elements point at files the app serves as audio, `a` plays the card's clip and "Word" the word's. Then the
// listening-only vocab prompt: the question side plays the sentence without showing it; the flip shows it.

const COURSES = ['kana', 'kanji1', 'vocab1'] as const;
type Course = (typeof COURSES)[number];
/** the scheduler asks for the first lessons of every course first: tens of seconds after the app started */
const VOICE_WAIT_MS = 180_000;

interface Card {
  flashcard_id: string;
  material: { audio_url?: string | null; word_audio_url?: string | null; sentence?: string | null };
}

async function signUp(page: Page, name: string): Promise<void> {
  await signUpThroughForm(page, name, uniqueEmail('voice'));
}

const firstCard = (page: Page, course: Course): Promise<Card | null> =>
  page.evaluate((c) => fetch(`/api/flashcard?course=${c}`).then((r) => r.json()).then((d) => d.flashcard ?? null), course);

/** A kana card's clip is its kana; a kanji or vocab card also has its word's. */
const hasVoice = (course: Course, card: Card | null): boolean => Boolean(card?.material.audio_url && (course === 'kana' || card.material.word_audio_url));

/** Polls the first card of every course (as the learner's page would ask) until each has its clips. */
async function waitForVoice(page: Page): Promise<Record<Course, Card>> {
  const started = Date.now();
  const cards: Partial<Record<Course, Card | null>> = {};
  for (;;) {
    for (const course of COURSES) if (!hasVoice(course, cards[course] ?? null)) cards[course] = await firstCard(page, course);
    if (COURSES.every((c) => hasVoice(c, cards[c] ?? null))) break;
    if (Date.now() - started > VOICE_WAIT_MS) {
      const state = COURSES.map((c) => `${c} ${cards[c]?.flashcard_id}: audio_url ${cards[c]?.material.audio_url ?? 'none'}, word_audio_url ${cards[c]?.material.word_audio_url ?? 'none'}`);
      throw new Error(
        `The system voice did not reach the first cards within ${VOICE_WAIT_MS / 1000} s (${state.join('; ')}). ` +
          'Is the worker running with VOICE_AUTO=on, and is the BullMQ queue (MEDIA_QUEUE_PREFIX) not shared with an earlier run that already completed these job ids?',
      );
    }
    await page.waitForTimeout(2_000);
  }
  process.stdout.write(`voice e2e: the first cards of ${COURSES.join(', ')} had their clips ${Math.round((Date.now() - started) / 1000)} s after the learner signed up\n`);
  return cards as Record<Course, Card>;
}

/** Every media event of the page's <audio> elements, as "<data-audio>:<event>" (capture: media events do not bubble). */
function recordAudioEvents(): void {
  const log: string[] = [];
  (window as unknown as { audioEvents: string[] }).audioEvents = log;
  for (const type of ['play', 'playing', 'ended', 'error']) {
    document.addEventListener(type, (e) => log.push(`${(e.target as HTMLElement).dataset?.audio ?? 'other'}:${type}`), true);
  }
}

const audioEvents = (page: Page): Promise<string[]> => page.evaluate(() => [...(window as unknown as { audioEvents: string[] }).audioEvents]);

/** The <audio data-audio=…> element's source, fetched from the page: 200 and an audio content type. */
async function expectPlayableSource(page: Page, which: 'card' | 'word', expected: string | null | undefined): Promise<void> {
  const src = await page.locator(`audio[data-audio="${which}"]`).getAttribute('src');
  expect(src).toBeTruthy();
  expect(src).toBe(expected);
  const file = await page.evaluate(async (url) => {
    const r = await fetch(url);
    return { status: r.status, type: r.headers.get('content-type') ?? '', bytes: (await r.arrayBuffer()).byteLength };
  }, src!);
  expect(file.status).toBe(200);
  expect(file.type).toMatch(/^audio\//);
  expect(file.bytes).toBeGreaterThan(300);
}

/**
 * Stops the element (autoplay may have started it), then `act` must start it again: its `play` event, and then
 * `playing` or `ended` (the clip was decoded and played; a short kana may end before we look), never `error`.
 */
async function expectPlays(page: Page, which: 'card' | 'word', act: () => Promise<void>): Promise<void> {
  await page.evaluate((w) => {
    const el = document.querySelector<HTMLAudioElement>(`audio[data-audio="${w}"]`)!;
    el.pause();
    (window as unknown as { audioEvents: string[] }).audioEvents.length = 0;
  }, which);
  await act();
  await page.waitForFunction(
    (w) => {
      const events = (window as unknown as { audioEvents: string[] }).audioEvents;
      return events.includes(`${w}:play`) && (events.includes(`${w}:playing`) || events.includes(`${w}:ended`) || events.includes(`${w}:error`));
    },
    which,
    { timeout: 15_000 },
  );
  const events = await audioEvents(page);
  expect(events).not.toContain(`${which}:error`);
  // Decoded: no media error, and a length (Chromium read the Ogg Opus file).
  const state = await page.locator(`audio[data-audio="${which}"]`).evaluate((el: HTMLAudioElement) => ({ error: el.error?.code ?? null, duration: el.duration }));
  expect(state.error).toBeNull();
  expect(state.duration).toBeGreaterThan(0.1);
  expect(state.duration).toBeLessThan(30);
}

/** The learner's settings as the server has them, once `done` says the changes arrived (each is saved as made). */
async function savedSettings(page: Page, done: (s: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const settings = await page.evaluate(() => fetch('/api/users/profile').then((r) => r.json()).then((p) => p.settings));
    if (done(settings) || Date.now() > deadline) return settings;
    await page.waitForTimeout(200);
  }
}

/** A full-page screenshot from the top (the flip scrolls the answer into view; the fixed header would then be
 *  drawn across the middle of a full-page capture). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function startLesson(page: Page, course: Course, card: Card): Promise<void> {
  await page.goto(`/${course}`);
  await page.getByRole('button', { name: 'Learn 10 new cards' }).click();
  await page.getByText('New Card 1/10').waitFor();
  // The card on screen is the one whose clips we waited for.
  expect(await page.locator('article.card').getAttribute('data-card-id')).toBe(card.flashcard_id);
}

describe('system voice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('plays the clips of the first kana, Kanji I and Vocab I cards, and the listening-only vocab prompt', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(recordAudioEvents);
    await signUp(page, 'Aoi Kato');
    const cards = await waitForVoice(page);

    for (const course of COURSES) {
      const card = cards[course];
      await startLesson(page, course, card);
      // Question side with the default settings (vocab prompt: text): no audio yet, it would give the reading away.
      expect(await page.getByRole('button', { name: 'Play audio' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Word', exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('button', { name: 'Play audio' }).waitFor();
      await expectPlayableSource(page, 'card', card.material.audio_url);
      // The `a` key plays the card's clip (the answer side has the focus, as after a flip with the mouse).
      await expectPlays(page, 'card', () => page.keyboard.press('a'));
      if (course !== 'kana') {
        await expectPlayableSource(page, 'word', card.material.word_audio_url);
        await expectPlays(page, 'word', () => page.getByRole('button', { name: 'Word', exact: true }).click());
      }
      if (course === 'kanji1') await shot(page, 'voice-kanji1-answer-1280');
    }

    // Listening only: the vocab prompt "Audio" with the text hidden, chosen on the Settings page.
    await page.goto('/settings');
    // The inputs follow the saved settings (optimistically, a moment after the click): click, then wait for them.
    const audioPrompt = page.getByLabel('Audio', { exact: true });
    await audioPrompt.click();
    await page.waitForFunction((el) => (el as HTMLInputElement).checked, await audioPrompt.elementHandle());
    const hideText = page.getByLabel('Hide the sentence text until the card is flipped');
    await hideText.click(); // waits until it is enabled (it is with the Audio prompt only)
    await page.waitForFunction((el) => (el as HTMLInputElement).checked, await hideText.elementHandle());
    await page.getByText('Saved.').waitFor();
    expect(await savedSettings(page, (s) => s.vocab_prompt === 'audio' && s.vocab_hide_text === true)).toMatchObject({ vocab_prompt: 'audio', vocab_hide_text: true });

    const vocab = cards.vocab1;
    await startLesson(page, 'vocab1', vocab);
    await page.getByText('Listen to the sentence, then flip to see it.').waitFor();
    expect(await page.locator('.card-sentence-text').count()).toBe(0);
    expect(await page.locator('article.card').innerText()).not.toContain(vocab.material.sentence!);
    // The sentence plays by itself (vocab autoplay is on by default) and on demand.
    await page.waitForFunction(() => (window as unknown as { audioEvents: string[] }).audioEvents.includes('card:play'), undefined, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Play audio' }).waitFor();
    await expectPlayableSource(page, 'card', vocab.material.audio_url);
    await expectPlays(page, 'card', () => page.getByRole('button', { name: 'Play audio' }).click());
    await shot(page, 'voice-vocab1-listening-1280');

    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.locator('.card-sentence-text').waitFor();
    // The sentence as written (furigana left out).
    const shown = await page.locator('.card-sentence-text').evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('rt, rp').forEach((n) => n.remove());
      return (copy.textContent ?? '').replace(/\s+/g, '');
    });
    expect(shown).toBe(vocab.material.sentence!.replace(/\s+/g, ''));
    expect(await page.getByText('Listen to the sentence, then flip to see it.').count()).toBe(0);
    await page.getByRole('button', { name: 'Play audio' }).waitFor();
    await page.getByRole('button', { name: 'Word', exact: true }).waitFor();
    await shot(page, 'voice-vocab1-answer-1280');

    // Phone width: the answer side of the Kanji I card with its audio buttons, nothing wider than the screen.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: baseUrl, storageState: await context.storageState() });
    const small = await phone.newPage();
    await startLesson(small, 'kanji1', cards.kanji1);
    await small.getByRole('button', { name: 'Show answer' }).click();
    await small.getByRole('button', { name: 'Play audio' }).waitFor();
    await small.getByRole('button', { name: 'Word', exact: true }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
    await shot(small, 'voice-kanji1-answer-375');
    await phone.close();
    await context.close();
  }, VOICE_WAIT_MS + 120_000);
});
