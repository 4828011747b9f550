import { act, screen, waitFor } from '@testing-library/react';
import { defaultSettings, kanaCard, nextCard, profileFixture } from '../../test/fixtures';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { profileSchema } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { FlashcardPanel } from './flashcard-panel';

// Issue 30, item 4 in the study panel: a pile is shown as a plan to choose, a running plan as today's share, a
// finished day as done with Keep going; on vacation the panel says so with Resume.

const offer = {
  reviews_due: 1200,
  usual_daily: 40,
  offer: { choices: [{ days: 3, per_day: 400 }, { days: 7, per_day: 172 }, { days: 14, per_day: 86 }] },
  plan: null,
};
const plan = (over: Record<string, unknown> = {}) => ({
  reviews_due: 1100,
  usual_daily: 40,
  offer: null,
  plan: { days: 14, reviews_at_start: 1200, daily_quota: 86, day: 2, done_today: 10, done_for_today: false, continued_today: false, last_day: '2026-12-17', ...over },
});

function setup(catchUp: unknown, next = nextCard({ flashcard: kanaCard({ attempts: 3 }), review_count: 1200 }), routes = {}) {
  const net = mockFetch({
    'GET /api/flashcard?course=kana': { body: next },
    'GET /api/study/catch-up?course=kana': () => ({ body: catchUp }),
    'GET /api/auth/csrf': { body: { token: 't' } },
    ...routes,
  });
  const view = renderWithProviders(<FlashcardPanel course="kana" settings={defaultSettings} subscribed />);
  return { ...view, net };
}

describe('the study panel back from a break', () => {
  it('shows a pile as a plan, with the daily share of each length, and records the one chosen', async () => {
    const { user, net } = setup(offer, undefined, { 'POST /api/study/catch-up': () => ({ body: plan({ day: 1, done_today: 0 }) }) });
    expect(await screen.findByText(/reviews due — clear them in 7 days: about/)).toHaveTextContent('1,200 reviews due — clear them in 7 days: about 172 a day, the most at risk first.');
    await user.click(screen.getByRole('radio', { name: /14 days/ }));
    expect(screen.getByText(/reviews due — clear them in/)).toHaveTextContent('clear them in 14 days: about 86 a day');
    await user.click(screen.getByRole('button', { name: 'Start the 14-day plan' }));
    await waitFor(() => expect(net.requests('POST', '/api/study/catch-up').map((r) => r.body)).toEqual([{ course: 'kana', days: 14 }]));
    expect(net.requests('POST', '/api/study/catch-up')[0].headers['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it("shows today's share of a running plan, and a finished day with Keep going", async () => {
    const { unmount } = setup(plan());
    expect(await screen.findByText('Catch-up plan · day 2 of 14')).toBeInTheDocument();
    expect(screen.getByText(/of today's 86 reviews to go/)).toHaveTextContent("76 of today's 86 reviews to go, the most at risk first (1,100 due in all).");
    unmount();

    const { user, net } = setup(plan({ done_today: 86, done_for_today: true }), nextCard({ flashcard: null, review_count: 1100, learned_count: 1300 }), {
      'POST /api/study/catch-up/continue': () => ({ body: plan({ done_today: 86, continued_today: true }) }),
    });
    expect(await screen.findByText(/Today's plan is done/)).toHaveTextContent("Today's plan is done: 86 reviews. 1,100 left for the coming days.");
    await user.click(screen.getByRole('button', { name: 'Keep going today' }));
    await waitFor(() => expect(net.requests('POST', '/api/study/catch-up/continue').map((r) => r.body)).toEqual([{ course: 'kana' }]));
  });

  it("counts a session's reviews as the day's share left, not the whole pile", async () => {
    const { user } = setup(plan(), nextCard({ flashcard: kanaCard({ attempts: 3 }), review_count: 1100, plan_left_today: 76, learned_count: 1300 }));
    await screen.findByText(/of today's 86 reviews to go/);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Review 1/76')).toBeInTheDocument();
  });

  it('asks for no plan when no review is due', async () => {
    const { net } = setup(offer, nextCard({ flashcard: null, review_count: 0, learned_count: 10, user_next_review_in_minutes: 60 }));
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(net.requests('GET', '/api/study/catch-up')).toHaveLength(0);
  });

  it('on vacation: says so with Resume, which ends it', async () => {
    const { user, net, queryClient } = setup(offer, undefined, {
      'POST /api/users/vacation/end': () => ({ body: { vacation: null, shifted_cards: 12 } }),
      'GET /api/users/profile': { body: profileFixture() },
    });
    act(() => {
      queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profileFixture({ vacation: { started_at: '2026-12-01T09:00:00.000Z', returns_on: '2026-12-20' } })));
    });
    expect(await screen.findByText('You are on vacation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start the/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume studying' }));
    await waitFor(() => expect(net.requests('POST', '/api/users/vacation/end')).toHaveLength(1));
    expect(await screen.findByText(/reviews due — clear them in 7 days/)).toBeInTheDocument();
  });

  it('on vacation: studying is not blocked, and the notice says a card reviewed now keeps its new schedule', async () => {
    const { user, queryClient } = setup(offer);
    act(() => {
      queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profileFixture({ vacation: { started_at: '2026-12-01T09:00:00.000Z', returns_on: null } })));
    });
    expect(await screen.findByText(/You may still study/)).toHaveTextContent('You may still study: a card you review now keeps its new schedule.');
    await user.click(await screen.findByRole('button', { name: 'Study anyway' }));
    expect(await screen.findByText('Review 1/1200')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show answer' })).toBeInTheDocument();
  });
});
