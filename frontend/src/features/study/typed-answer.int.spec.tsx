import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultSettings, gradeResponse, kanjiCard, nextCard, vocabCard, profileFixture } from '../../test/fixtures';
import { mockFetch, type MockRoute } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import type { Settings } from '../../lib/profile';
import type { Course } from '../../lib/courses';
import { FlashcardPanel } from './flashcard-panel';
import { gradeRetryPolicy } from './study-queries';

// The typed answer in the study panel (issue 31): the box instead of "Show answer" on a review, the server's
// check, one retry of a near miss, the verdict and the card's earlier wrong answers on the back, and the grade
// carrying what was typed. Shortcuts stay quiet while typing.

beforeAll(() => {
  gradeRetryPolicy.baseDelayMs = 5;
  gradeRetryPolicy.maxDelayMs = 10;
});

const near = { verdict: 'wrong', near_miss: true, retry: true, reading: 'おばさん', fields: [], diagnosis: [{ field: 'reading', code: 'long_vowel_missing', message: 'Almost: a long vowel is missing (a vowel held for two beats).' }] };
const right = { verdict: 'correct', near_miss: false, retry: false, reading: 'おばあさん', fields: [], diagnosis: [] };
const wrong = { verdict: 'wrong', near_miss: false, retry: false, reading: 'おかあさん', fields: [], diagnosis: [] };

function setup({ course = 'vocab1', card, settings, check, history = [] }: { course?: Course; card: ReturnType<typeof vocabCard>; settings: Partial<Settings>; check: MockRoute; history?: unknown[] }) {
  const next = nextCard({ flashcard: card, review_count: 3, learned_count: 20 });
  const net = mockFetch({
    [`GET /api/flashcard?course=${course}`]: { body: next },
    'GET /api/users/profile': { body: profileFixture() },
    'GET /api/flashcard': { body: { ...next, flashcard: null, after: card.flashcard_id } },
    'POST /api/flashcard/check': check,
    'GET /api/flashcard/wrong-answers': { body: { flashcard_id: card.flashcard_id, wrong_answers: history } },
    'POST /api/flashcard': { body: gradeResponse(card, null) },
  });
  const view = renderWithProviders(<FlashcardPanel course={course} settings={{ ...defaultSettings, ...settings }} subscribed={false} />);
  return { ...view, net };
}

describe('typed answers in the study panel', () => {
  it('types romaji as kana, retries a near miss once with its diagnosis, and grades with what was typed', async () => {
    const card = vocabCard({ attempts: 3 }, { vocab: 'おばあさん', vocab_hiragana: 'おばあさん', vocab_meaning: 'grandmother' });
    let checks = 0;
    const { user, net } = setup({ card, settings: { vocab_typed_answer: 'reading_meaning' }, check: () => ({ body: checks++ === 0 ? near : right }) });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    const reading = screen.getByRole('textbox', { name: 'Reading' });
    expect(reading).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show answer' })).toBeInTheDocument();

    await user.type(reading, 'obasan');
    expect(reading).toHaveValue('おばさn');
    // "1" and Space typed in the box are text, not shortcuts
    await user.type(screen.getByRole('textbox', { name: 'Meaning' }), 'grand mother1');
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(0);
    expect(screen.getByRole('article')).toHaveAttribute('aria-label', 'Flashcard, question side');
    await user.clear(screen.getByRole('textbox', { name: 'Meaning' }));
    await user.type(screen.getByRole('textbox', { name: 'Meaning' }), 'grandmother{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('a long vowel is missing');
    expect(screen.getByRole('alert')).toHaveTextContent('One more try');
    expect(net.requests('POST', '/api/flashcard/check')[0].body).toEqual({ id: card.flashcard_id, reading: 'おばさん', meaning: 'grandmother' });
    expect(screen.getByRole('article')).toHaveAttribute('aria-label', 'Flashcard, question side');

    await user.clear(reading);
    await user.type(reading, 'obaasan{Enter}');
    expect(await screen.findByText('Correct on the second try')).toBeInTheDocument();
    expect(net.requests('POST', '/api/flashcard/check')[1].body).toEqual({ id: card.flashcard_id, reading: 'おばあさん', meaning: 'grandmother', first_try: { reading: 'おばさん', meaning: 'grandmother' } });
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(1));
    expect(net.requests('POST', '/api/flashcard')[0].body).toMatchObject({
      grade: 5,
      typed: { reading: 'おばあさん', meaning: 'grandmother', first_try: { reading: 'おばさん', meaning: 'grandmother' } },
    });
  });

  it('a wrong answer flips the card with the verdict and the earlier wrong answers; only "didn\'t get it" grades it', async () => {
    const card = kanjiCard({ attempts: 4 }, { kanji: '山', reading: 'やま', vocab: '山', vocab_hiragana: 'やま' });
    const history = [{ at: new Date(Date.now() - 2 * 86_400_000).toISOString(), reading: 'さん', meaning: null, diagnosis: [{ code: 'kun_reading_wanted', message: 'That is an on reading of 山. We want the kun reading.' }], first_try: true }];
    const { user, net } = setup({ course: 'kanji1', card, settings: { typed_reading: true }, check: { body: wrong }, history });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(screen.queryByRole('textbox', { name: 'Meaning' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reading' }), 'kawa{Enter}');

    expect(await screen.findByText(/Not quite/)).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('aria-label', 'Flashcard, answer side');
    expect(await screen.findByRole('heading', { name: 'Your earlier wrong answers' })).toBeInTheDocument();
    expect(screen.getByText('さん')).toBeInTheDocument();
    expect(screen.getByText(/We want the kun reading/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Got it/ })).not.toBeInTheDocument();
    // keys 2 and 3 do nothing; 1 grades
    fireEvent.keyDown(window, { key: '3' });
    expect(net.requests('POST', '/api/flashcard')).toHaveLength(0);
    fireEvent.keyDown(window, { key: '1' });
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(1));
    expect(net.requests('POST', '/api/flashcard')[0].body).toMatchObject({ grade: 0, typed: { reading: 'かわ' } });
  });

  it('Enter in the reading box goes on to an empty meaning; a near miss in the meaning puts the focus there', async () => {
    const card = vocabCard({ attempts: 3 });
    const typo = { ...near, diagnosis: [{ field: 'meaning', code: 'meaning_typo', message: 'Almost: the meaning looks like a typo. Check the spelling.' }] };
    const { user, net } = setup({ card, settings: { vocab_typed_answer: 'reading_meaning' }, check: { body: typo } });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.keyboard('nihongo{Enter}');
    expect(screen.getByRole('textbox', { name: 'Meaning' })).toHaveFocus();
    expect(net.requests('POST', '/api/flashcard/check')).toHaveLength(0);
    await user.keyboard('Japanse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('typo');
    expect(screen.getByRole('textbox', { name: 'Meaning' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Meaning' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Reading' })).toHaveValue('にほんご');
  });

  it('a composition (an IME, a phone keyboard) is left alone while it lasts, and converted when it ends', async () => {
    const card = vocabCard({ attempts: 3 });
    setup({ card, settings: { vocab_typed_answer: 'reading' }, check: { body: right } });
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const box = await screen.findByRole('textbox', { name: 'Reading' });
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      fireEvent.compositionStart(box);
      setValue.call(box, 'nihong');
      box.dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true }));
    });
    expect(box).toHaveValue('nihong');
    act(() => {
      fireEvent.compositionEnd(box);
    });
    expect(box).toHaveValue('にほんg');
    // typed outside a composition, at the end: converted at once
    act(() => {
      setValue.call(box, 'にほんgo');
      box.dispatchEvent(new InputEvent('input', { bubbles: true }));
    });
    expect(box).toHaveValue('にほんご');
  });

  it('leaves new cards, kana cards and learners without the setting as they were', async () => {
    const { user } = setup({ card: vocabCard({ attempts: 3 }), settings: {}, check: { body: right } });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    expect(screen.queryByRole('textbox', { name: 'Reading' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
  });

  it('"Show answer" flips without typing, and the learner grades as usual', async () => {
    const card = vocabCard({ attempts: 3 });
    const { user, net } = setup({ card, settings: { vocab_typed_answer: 'reading' }, check: { body: right } });
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, hard/ }));
    await waitFor(() => expect(net.requests('POST', '/api/flashcard')).toHaveLength(1));
    expect(net.requests('POST', '/api/flashcard')[0].body).not.toHaveProperty('typed');
    expect(net.requests('POST', '/api/flashcard/check')).toHaveLength(0);
  });
});
