// axe-core on the rendered study screen and settings page: no serious or critical violations.
import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { mockFetch } from '../test/fetch-mock';
import { courseRoutes, kanjiCard, masteryFixture, nextCard, profileFixture, vocabCard } from '../test/fixtures';
import { renderApp } from '../test/render';

async function seriousViolations(root: Element) {
  // Let pending data (the CSRF token of Subscribe forms) land first, so nothing re-renders during the scan.
  await waitFor(() => root.querySelectorAll('input[name="_csrf"]').forEach((input) => expect(input).not.toHaveValue('')));
  // jsdom has no layout or canvas: colour contrast cannot be computed here; every other rule runs.
  const results = await axe.run(root, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`);
}

describe('accessibility (axe-core)', () => {
  it('study screen: overview, question side and answer side', async () => {
    const card = vocabCard({ attempts: 2, mastery_level: 'intermediate' }, { image_url: '/media/img.png', image_description: 'A classroom' });
    mockFetch({
      ...courseRoutes('vocab1', nextCard({ flashcard: card, review_count: 3, learned_count: 20 })),
      'GET /api/users/course_mastery?course=vocab1': { body: masteryFixture([{ id: 1, at: new Date().toISOString() }]) },
    });
    const { container, user } = renderApp('/vocab1');
    await screen.findByRole('button', { name: 'Review' });
    await screen.findByText('Participation Ribbon');
    await screen.findByRole('button', { name: /朝/ });
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(screen.getByRole('button', { name: /朝/ }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('kanji study screen with its dictionary', async () => {
    mockFetch({ ...courseRoutes('kanji1', nextCard({ flashcard: kanjiCard(), review_count: 1, learned_count: 3 })) });
    const { container, user } = renderApp('/kanji1');
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Show answer' }));
    await user.click(await screen.findByRole('tab', { name: /Grade 2/ }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('settings page', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() }, 'GET /api/auth/csrf': { body: { token: 't' } } });
    const { container } = renderApp('/settings');
    await screen.findByRole('combobox', { name: 'Time zone' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('about and credits page', async () => {
    mockFetch({ 'GET /api/users/profile': { status: 401, body: { status: 401, detail: 'Please sign in.' } } });
    const { container } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Kioku' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('landing and sign-in pages', async () => {
    mockFetch({ 'GET /api/users/profile': { status: 401, body: { status: 401, detail: 'Please sign in.' } } });
    const landing = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(await seriousViolations(landing.container)).toEqual([]);
    landing.unmount();
    const signIn = renderApp('/sign-in');
    expect(await seriousViolations(signIn.container)).toEqual([]);
  });
});
