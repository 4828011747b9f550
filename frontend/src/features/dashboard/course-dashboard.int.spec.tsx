import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { COURSES } from '../../lib/courses';
import type { CourseDashboard } from './dashboard-queries';
import { nextReviewText } from './course-dashboard';

const course = (c: (typeof COURSES)[number], over: Partial<CourseDashboard> = {}): CourseDashboard => ({
  course: c,
  level: 1,
  level_cards: 20,
  level_done: 0,
  level_available: 20,
  review_count: 0,
  new_available: 20,
  next_review_at: null,
  forecast_total: 0,
  learned_count: 0,
  ...over,
});

describe('the home dashboard (issue 15)', () => {
  it('greets a first visit with where to start, not "welcome back"', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() }, 'GET /api/dashboard': { body: { first_visit: true, courses: COURSES.map((c) => course(c)) } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Kioku, Aiko' })).toBeInTheDocument();
    const start = screen.getByRole('region', { name: 'Start here' });
    expect(within(start).getByRole('link', { name: 'Start with Hiragana/Katakana' })).toHaveAttribute('href', '/kana');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('shows a returning learner per course the reviews due, new cards, next review, level progress and the next five days', async () => {
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000 + 60_000).toISOString();
    mockFetch({
      'GET /api/users/profile': { body: profileFixture() },
      'GET /api/dashboard': {
        body: {
          first_visit: false,
          courses: COURSES.map((c) =>
            c === 'kana'
              ? course(c, { level: 2, level_done: 5, review_count: 3, new_available: 7, next_review_at: new Date(Date.now() - 60_000).toISOString(), forecast_total: 11, learned_count: 30 })
              : c === 'kanji1'
                ? course(c, { review_count: 0, new_available: 0, next_review_at: inTwoHours, forecast_total: 4, learned_count: 10, level_done: 10 })
                : course(c),
          ),
        },
      },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Aiko' })).toBeInTheDocument();
    expect(screen.getByText('3 reviews are waiting for you.')).toBeInTheDocument();
    const kana = screen.getByRole('link', { name: /Hiragana\/Katakana/ });
    expect(kana).toHaveTextContent('3 reviews due');
    expect(kana).toHaveTextContent('7 new');
    expect(kana).toHaveTextContent('11 due in the next 5 days');
    expect(kana).toHaveTextContent('Level 2');
    expect(within(kana).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    expect(kana).toHaveTextContent('5 of 20 level-2 cards at Intermediate — level 3 opens when all are');
    const kanji = screen.getByRole('link', { name: /Kanji I\b/ });
    expect(kanji).toHaveTextContent('0 reviews due');
    expect(kanji).toHaveTextContent('Next review in 2 hours');
  });

  it('says when the next review is', () => {
    const now = new Date('2026-03-02T09:00:00Z');
    expect(nextReviewText(null, now)).toBeNull();
    expect(nextReviewText('2026-03-02T08:00:00Z', now)).toBe('now');
    expect(nextReviewText('2026-03-04T09:00:00Z', now)).toBe('in 2 days');
  });
});
