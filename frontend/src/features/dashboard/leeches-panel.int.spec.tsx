import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { courseRoutes, kanaCard, nextCard } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { COURSES } from '../../lib/courses';
import type { Leech } from './dashboard-queries';

const dashboard = {
  first_visit: false,
  courses: COURSES.map((course) => ({ course, level: 1, level_cards: 20, level_done: 0, level_available: 20, review_count: 0, new_available: 20, next_review_at: null, forecast_total: 0, learned_count: 5 })),
};
const leech = (over: Partial<Leech> = {}): Leech => ({
  flashcard_id: 'kana-3',
  course: 'kana',
  level: 1,
  mastery_level: 'learning',
  lapses: 8,
  leech_since: '2026-03-02T17:00:00.000Z',
  prompt: 'ぬ',
  reading: 'nu',
  meaning: null,
  wrong_answers: [
    { at: '2026-03-02T17:00:00.000Z', typed: { reading: 'め', meaning: null, verdict: 'wrong', diagnosis: 'another kana: ぬ is nu, め is me' } },
    { at: '2026-03-02T16:00:00.000Z', typed: null },
  ],
  ...over,
});

describe('the dashboard’s leeches (issue 31)', () => {
  it('shows nothing when there are none', async () => {
    mockFetch({ ...courseRoutes('kana', nextCard()), 'GET /api/dashboard': { body: dashboard }, 'GET /api/leeches': { body: { leeches: [], threshold: 8 } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Aiko' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Leeches/ })).not.toBeInTheDocument();
  });

  it('lists each leech with its wrong answers (typed text and diagnosis when recorded), and re-learns it as a lesson on its course page', async () => {
    const card = kanaCard({ flashcard_id: 'kana-3', attempts: 12 }, { kana: 'ぬ', romaji: 'nu', hint: 'nu as in noodle' });
    const api = mockFetch({
      ...courseRoutes('kana', nextCard({ flashcard: card, review_count: 1, learned_count: 5 })),
      'GET /api/dashboard': { body: dashboard },
      'GET /api/leeches': { body: { leeches: [leech()], threshold: 8 } },
      'POST /api/leeches/relearn': { body: { flashcard: card } },
      'GET /api/flashcard?course=kana&material_type=kana&material_id=3': { body: nextCard({ flashcard: card, review_count: 1 }) },
    });
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Leeches (1)' });
    const item = within(region).getByRole('listitem', { name: /ぬ/ });
    expect(item).toHaveTextContent('missed 8 times');
    await userEvent.click(within(item).getByText('Wrong answers (2)'));
    const answers = within(item).getAllByRole('listitem');
    expect(answers[0]).toHaveTextContent('you typed “め”: another kana: ぬ is nu, め is me');
    expect(answers[1]).toHaveTextContent('Didn’t get it');

    await userEvent.click(within(item).getByRole('button', { name: 'Re-learn' }));
    expect(api.requests('POST', '/api/leeches/relearn')[0].body).toEqual({ id: 'kana-3' });
    expect(api.requests('POST', '/api/leeches/relearn')[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The course page shows the card as a lesson, its answer side at once.
    const lesson = await screen.findByRole('article', { name: 'Flashcard to re-learn, answer side' });
    expect(screen.getByText('Re-learn', { selector: '.session-progress' })).toBeInTheDocument();
    expect(lesson).toHaveTextContent('ぬ');
    expect(lesson).toHaveTextContent('nu');
    await userEvent.click(screen.getByRole('button', { name: 'Done: back to studying' }));
    expect(screen.queryByRole('article', { name: 'Flashcard to re-learn, answer side' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Review/ })).toBeInTheDocument();
  });
});
