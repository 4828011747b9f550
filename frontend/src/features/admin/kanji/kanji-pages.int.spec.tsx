import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { renderAdmin } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };
const location = () => screen.getByTestId('location').textContent;

describe('kanji list', () => {
  it('filters the kanji list by course and level through the API', async () => {
    const net = mockFetch({
      ...admin,
      'GET /api/admin/kanji': { body: { items: [{ id: 1, character: '日', level: 1, course: 'kanji1', meanings: ['day', 'sun'], reading_ids: [12, 13] }] } },
    });
    const { user } = renderAdmin('/admin/kanji');
    expect(await screen.findByRole('link', { name: '日' })).toHaveAttribute('href', '/admin/kanji/1');
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/admin/readings/12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'kanji2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), '4');
    expect(location()).toBe('/admin/kanji?course=kanji2&level=4');
    await waitFor(() => expect(Object.fromEntries(net.requests('GET', '/api/admin/kanji').at(-1)!.url.searchParams)).toEqual({ course: 'kanji2', level: '4' }));
  });
});
