import { Browser, Page } from 'playwright-core';
import { cli, launch, newPage, screenshot, signUpThroughForm, uniqueEmail } from './helpers';

// Issue 7's browser acceptance: an admin edits a reading's vocab and sees the in-use warning, runs
// fetch_audio on a material (local espeak-ng provider, real BullMQ worker), approves it, and a learner then
// gets that audio on the card.

async function signUp(page: Page, name: string): Promise<string> {
  return signUpThroughForm(page, name, uniqueEmail(name.toLowerCase()));
}

function grantAdmin(email: string): void {
  cli('users:grant-admin', email);
}

describe('admin curation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('edits a reading vocab, fetches and approves audio, and the learner gets it', async () => {
    // The learner's first vocab card is the material the admin will give audio to.
    const learner = await newPage(browser);
    await signUp(learner.page, 'Learner');
    const first = await learner.page.evaluate(() => fetch('/api/flashcard?course=vocab1').then((r) => r.json()));
    const vocabId: number = first.flashcard.material.vocab_id ?? Number(String(first.flashcard.flashcard_id).split('-')[1]);
    // The system voice may already have spoken this card (it speaks every card in the background); what the
    // learner gets after the admin's approval is the admin's audio either way.

    const admin = await newPage(browser);
    const adminEmail = await signUp(admin.page, 'Curator');
    grantAdmin(adminEmail);

    // Find a reading whose candidate words include the example word of another reading.
    const pair = await admin.page.evaluate(async () => {
      const list = await fetch('/api/admin/materials?type=reading&course=kanji1&level=1').then((r) => r.json());
      const details = await Promise.all(list.items.map((i: { id: number }) => fetch(`/api/admin/materials/${i.id}?type=reading`).then((r) => r.json())));
      const owner = new Map<number, number>();
      for (const d of details) if (d.reading?.vocab_id) owner.set(d.reading.vocab_id, d.reading.id);
      for (const d of details) {
        const taken = d.reading.vocab_id_options.find((o: { id: number }) => owner.has(o.id) && owner.get(o.id) !== d.reading.id && o.id !== d.reading.vocab_id);
        if (taken) return { readingId: d.reading.id, vocabId: taken.id, otherReading: owner.get(taken.id) };
      }
      return null;
    });
    expect(pair).not.toBeNull();
    await admin.page.goto(`/admin/readings/${pair!.readingId}`);
    await admin.page.getByLabel('Vocab id').selectOption(String(pair!.vocabId));
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText('This vocab is already in use.').waitFor();
    await admin.page.getByRole('link', { name: `Reading ${pair!.otherReading}` }).waitFor();
    await screenshot(admin.page, 'admin-reading-in-use-1280');

    await admin.page.goto(`/admin/vocabs/${vocabId}`);
    await admin.page.getByRole('button', { name: 'Fetch audio' }).click();
    await admin.page.locator('.job-state[data-action="fetch_audio"]').getByText('Succeeded').waitFor({ timeout: 60_000 });
    await admin.page.getByRole('button', { name: 'Approve audio' }).click();
    await admin.page.getByRole('button', { name: 'Unapprove audio' }).waitFor();
    await screenshot(admin.page, 'admin-vocab-audio-approved-1280');

    // The learner now gets the approved audio on that card, and it is a playable file.
    const card = await learner.page.evaluate((id) => fetch(`/api/flashcard?course=vocab1&material_type=vocab&material_id=${id}`).then((r) => r.json()), vocabId);
    const audioUrl: string = card.flashcard.material.audio_url;
    expect(audioUrl).toBeTruthy();
    const audio = await learner.page.evaluate(async (url) => {
      const r = await fetch(url);
      return { status: r.status, type: r.headers.get('content-type'), bytes: (await r.arrayBuffer()).byteLength };
    }, audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.type).toMatch(/^audio\//);
    expect(audio.bytes).toBeGreaterThan(1000);
    await learner.page.goto('/vocab1');
    await learner.page.getByRole('button', { name: 'Learn 10 new cards' }).click();
    await learner.page.getByRole('button', { name: 'Show answer' }).click();
    expect(await learner.page.locator('audio').first().getAttribute('src')).toBe(audioUrl);
    await learner.context.close();
    await admin.context.close();
  });

  it('shows learners the admin-only page', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Curious');
    await page.goto('/admin');
    await page.getByText('Admins only').waitFor();
    expect(await page.evaluate(() => fetch('/api/admin/users').then((r) => r.status))).toBe(403);
    await context.close();
  });
});
