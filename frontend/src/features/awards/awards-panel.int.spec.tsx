import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { masteryFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AwardsPanel, NewAwardNotice, SHOWN_AWARDS_KEY } from './awards-panel';

describe('awards', () => {
  it('lists every award of the course, earned or not', async () => {
    mockFetch({ 'GET /api/users/course_mastery?course=vocab1': { body: masteryFixture([{ id: 1, at: new Date(Date.now() - 3 * 86400_000).toISOString() }]) } });
    renderWithProviders(<AwardsPanel course="vocab1" />);
    expect(await screen.findByText('Participation Ribbon')).toBeInTheDocument();
    expect(screen.getByText('Earned 3 days ago')).toBeInTheDocument();
    expect(screen.getByText('Gold Medal')).toBeInTheDocument();
    expect(screen.getAllByText('Not earned yet')).toHaveLength(8);
  });

  it('congratulates once for a newly granted award, with its name, icon, colour and text', async () => {
    mockFetch({ 'GET /api/users/course_mastery?course=vocab1': { body: masteryFixture([{ id: 1, at: new Date().toISOString() }]) } });
    const first = renderWithProviders(<NewAwardNotice course="vocab1" />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('New award: Participation Ribbon');
    expect(notice).toHaveTextContent('You participated in the course!');
    // The API's ribbon emoji is drawn as an SVG ribbon with a label, in the award's colour.
    expect(within(notice).getByRole('img', { name: 'Ribbon' }).tagName.toLowerCase()).toBe('svg');
    expect(notice.querySelector('.award-icon')).toHaveTextContent('');
    expect(notice.querySelector('.award-icon')).toHaveStyle({ color: '#c0392b' });
    expect(JSON.parse(window.localStorage.getItem(SHOWN_AWARDS_KEY) ?? '[]')).toEqual(['vocab1:1']);
    first.unmount();

    renderWithProviders(
      <>
        <NewAwardNotice course="vocab1" />
        <AwardsPanel course="vocab1" />
      </>,
    );
    expect(await screen.findByText('Participation Ribbon')).toBeInTheDocument();
    expect(screen.queryByText(/New award/)).not.toBeInTheDocument();
  });
});
