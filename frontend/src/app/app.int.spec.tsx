import { render, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem } from '../test/fetch-mock';
import { courseRoutes, gradeResponse, nextCard, profileFixture, vocabCard } from '../test/fixtures';
import { renderApp } from '../test/render';
import { App } from './app';
import { LEVEL_TOOLTIP } from './shell';

describe('the app', () => {
  it('shows the product name', async () => {
    mockFetch({ 'GET /api/users/profile': problem(401, 'Please sign in.', 'unauthorized') });
    render(<App />);
    expect(await screen.findByRole('heading', { name: /Kioku|Remember Japanese/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Kioku/ })).toHaveAttribute('href', '/');
  });

  it("shows 'Loading...' while the profile loads", () => {
    mockFetch({ 'GET /api/users/profile': () => new Promise(() => undefined) });
    renderApp('/kana');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'Error loading user' with a retry button when the profile fails", async () => {
    let fail = true;
    mockFetch({
      'GET /api/users/profile': () => (fail ? problem(500, 'Boom') : { body: profileFixture() }),
    });
    const { user } = renderApp('/');
    expect(await screen.findByText('Error loading user')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your courses' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a study screen to the sign-in page', async () => {
    mockFetch({ 'GET /api/users/profile': problem(401, 'Please sign in.', 'unauthorized') });
    renderApp('/vocab2');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows a signed-out visitor at / the landing page with the six courses and a sign-up button', async () => {
    mockFetch({ 'GET /api/users/profile': problem(401, 'Please sign in.', 'unauthorized') });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Remember Japanese/ })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Hiragana/Katakana', 'Kanji I', 'Kanji II', 'Vocab I', 'Vocab II', 'Vocab III']);
    expect(within(rows[2]).getByText('Intermediate')).toBeInTheDocument();
    expect(within(rows[5]).getByText('Advanced')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Sign up — it's free" })).toHaveAttribute('href', '/sign-up');
  });

  it('shows a signed-in learner the course list with levels', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() } });
    renderApp('/');
    const link = await screen.findByRole('link', { name: /Kanji I\b.*Level 2/ });
    expect(link).toHaveAttribute('href', '/kanji1');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('shows a not-found page for unknown addresses', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() } });
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('lazy-loads the admin app at /admin', async () => {
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });
});

describe('the shell (SPEC §2)', () => {
  it('has a Subscribe form while the subscription is inactive, the updates badge and the user menu', async () => {
    mockFetch({ ...courseRoutes('vocab1', nextCard({ user_next_review_in_minutes: 30 })) });
    const { user } = renderApp('/vocab1');
    const banner = await screen.findByRole('banner');
    const subscribe = await within(banner).findByRole('button', { name: 'Subscribe' });
    const form = subscribe.closest('form')!;
    expect(form).toHaveAttribute('action', '/checkout');
    expect(form).toHaveAttribute('method', 'post');
    await waitFor(() => expect(form.querySelector('input[type="hidden"][name="_csrf"]')).toHaveValue('test-csrf-token'));

    expect(within(banner).getByRole('link', { name: "What's new (3 unread)" })).toHaveAttribute('href', '/updates');

    const menuButton = within(banner).getByRole('button', { name: 'Account' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(banner).getByText('aiko@example.com')).toBeVisible();
    expect(within(banner).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(banner).getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:help@kioku.app');
    expect(within(banner).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/users/sign_out');
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('hides Subscribe for subscribers, unless ?qa_unsubscribed', async () => {
    mockFetch({ ...courseRoutes('kana', nextCard(), profileFixture({ subscription_status: 'active' })) });
    const first = renderApp('/kana');
    await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/kana?qa_unsubscribed');
    await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('keeps ?qa_unsubscribed across in-app navigation, until ?qa_unsubscribed=0', async () => {
    mockFetch({ ...courseRoutes('kana', nextCard(), profileFixture({ subscription_status: 'active' })), 'GET /api/updates': { body: { updates: [] } } });
    const first = renderApp('/kana?qa_unsubscribed');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();

    // Links do not carry the parameter; the tab remembers it.
    await first.user.click(within(banner).getByRole('link', { name: /Kioku/ }));
    expect(await screen.findByRole('heading', { name: 'Your courses' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    await first.user.click(screen.getByRole('link', { name: /Hiragana\/Katakana/ }));
    await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    first.unmount();

    // A reload (a new render of the app in the same tab) still acts unsubscribed.
    const second = renderApp('/kana');
    await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    second.unmount();

    renderApp('/kana?qa_unsubscribed=0');
    await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('shows the course level badge with its tooltip below level 9', async () => {
    mockFetch({ ...courseRoutes('kanji1', nextCard()) });
    const { user } = renderApp('/kanji1');
    const badge = await screen.findByText('Kanji I · Level 2');
    expect(badge).toHaveAccessibleDescription(LEVEL_TOOLTIP);
    expect(LEVEL_TOOLTIP).toBe('Get all cards to Intermediate to reach the next level');
    await user.hover(badge);
    expect(screen.getByRole('tooltip')).toHaveClass('tooltip-open');
  });

  it('has no tooltip at level 9', async () => {
    const profile = profileFixture();
    mockFetch({ ...courseRoutes('vocab3', nextCard(), { ...profile, level: { ...profile.level, vocab3: 9 } }) });
    renderApp('/vocab3');
    expect(await screen.findByText('Vocab III · Level 9')).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
  });

  it('refetches the profile when a grade brings a new level, and the badge shows it', async () => {
    const card = vocabCard({ attempts: 4 });
    let level = 1;
    const profile = () => {
      const p = profileFixture();
      return { ...p, level: { ...p.level, vocab1: level } };
    };
    mockFetch({
      ...courseRoutes('vocab1', nextCard({ flashcard: card, review_count: 1, learned_count: 99 })),
      'GET /api/users/profile': () => ({ body: profile() }),
      'POST /api/flashcard': () => {
        level = 2;
        return { body: gradeResponse(card, null, { new_level: 2 }) };
      },
    });
    const { user } = renderApp('/vocab1');
    expect(await screen.findByText('Vocab I · Level 1')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /Got it, easy/ }));
    expect(await screen.findByText('Vocab I · Level 2')).toBeInTheDocument();
  });
});

describe('the study screen layout', () => {
  it('has the description and Progress table, the panel, the Review Forecast and the Dictionary', async () => {
    mockFetch({ ...courseRoutes('vocab1', nextCard({ flashcard: null, user_next_review_in_minutes: 45, learned_count: 20 })) });
    renderApp('/vocab1');
    expect(await screen.findByRole('heading', { name: 'Vocab I', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/1,000 most useful words/)).toBeInTheDocument();

    const progress = (await screen.findByRole('heading', { name: 'Progress' })).closest('section')!;
    const headers = await within(progress).findAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Level', 'Untrained', 'Learning', 'Intermediate', 'Mastered']);
    expect(within(progress).getByRole('row', { name: /Level 1.*80 15 4 1/ })).toBeInTheDocument();

    const forecast = screen.getByRole('heading', { name: 'Review Forecast' }).closest('section')!;
    const days = await within(forecast).findAllByRole('rowheader');
    expect(days.map((d) => d.textContent)).toEqual(['Today', 'Tomorrow', '+2', '+3', '+4']);
    expect(within(forecast).getByRole('row', { name: 'Today 12' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Dictionary' })).toBeInTheDocument();
    expect(await screen.findByText('Next reviews in 45 minutes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Awards' })).toBeInTheDocument();
  });
});
