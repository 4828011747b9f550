import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { materialList, materialRow, renderAdmin } from './admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };
const location = () => screen.getByTestId('location').textContent;

describe('admin app shell', () => {
  it('shows the readings list at /admin with the header links of SPEC §2', async () => {
    const net = mockFetch({ ...admin, 'GET /api/admin/materials': { body: materialList([materialRow(1)]) } });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Kanas', '/admin/kanas'],
      ['Readings', '/admin/readings'],
      ['Vocab', '/admin/vocabs'],
      ['Users', '/admin/users'],
      ['Kanji', '/admin/kanji'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Readings' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Readings' })).toBeInTheDocument();
    await waitFor(() => expect(net.requests('GET', '/api/admin/materials')[0]?.url.searchParams.get('type')).toBe('reading'));
  });

  it("shows 'Admins only' when the admin API answers 403", async () => {
    mockFetch({
      'GET /api/users/profile': { status: 500, body: { detail: 'oops' } },
      'GET /api/admin/users': problem(403, 'Admins only.', 'forbidden'),
    });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(screen.getByText(/Your account does not have admin access/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to studying' })).toHaveAttribute('href', '/');
  });

  it("shows 'Admins only' to a signed-in learner without calling the admin API", async () => {
    const net = mockFetch({ 'GET /api/users/profile': { body: profileFixture({ is_admin: false }) } });
    renderAdmin('/admin/readings/3');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(net.calls.filter((c) => c.url.pathname.startsWith('/api/admin'))).toEqual([]);
  });

  it('sends a signed-out visitor to sign-in and back', async () => {
    mockFetch({ 'GET /api/users/profile': problem(401, 'Please sign in.', 'unauthenticated') });
    renderAdmin('/admin/kanji?level=2');
    await waitFor(() => expect(location()).toBe(`/sign-in?next=${encodeURIComponent('/admin/kanji?level=2')}`));
  });
});
