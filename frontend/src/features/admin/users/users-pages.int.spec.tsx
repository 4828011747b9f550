import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-mock';
import { profileFixture, statsFixture } from '../../../test/fixtures';
import { renderAdmin } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };

const learner = {
  id: '9b2e6a3c-1f0e-4c55-9d43-0b8f2b7f3a10',
  email: 'ken@example.com',
  name: 'Ken',
  created_at: '2024-01-02T03:04:05Z',
  last_flashcard_updated_at: '2024-05-01T08:00:00Z',
  provider: 'email',
  timezone: 'Asia/Tokyo',
  current_course: 'vocab1',
  level: { vocab1: 2, kana: 9 },
  flashcard_count: 321,
  subscription_status: 'active',
  is_admin: false,
};

describe('users', () => {
  it('lists users with the admin fields and filters them by course and level', async () => {
    mockFetch({ ...admin, 'GET /api/admin/users': { body: { users: [learner, { ...learner, id: 'u2', email: 'yui@example.com', current_course: 'kana', level: { kana: 1 } }] } } });
    const { user } = renderAdmin('/admin/users');
    const link = await screen.findByRole('link', { name: 'ken@example.com' });
    expect(link).toHaveAttribute('href', `/admin/users/${learner.id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Vocab I');
    expect(row).toHaveTextContent('321');
    expect(row).toHaveTextContent('Asia/Tokyo');
    expect(row).toHaveTextContent('active');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'kana');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?course=kana');
    expect(screen.queryByRole('link', { name: 'ken@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'yui@example.com' })).toBeInTheDocument();
  });

  it("shows a learner's fields, stats per course and their history", async () => {
    const net = mockFetch({
      ...admin,
      [`GET /api/admin/users/${learner.id}`]: { body: { user: learner, stats: statsFixture(), profile: { ...profileFixture(), settings: { keyboard_shortcuts: true, vocab_prompt: 'audio' } } } },
      'GET /api/admin/history': { body: { items: [{ event_id: 'e1', stream_id: `user-${learner.id}`, type: 'SettingsChanged', at: '2024-05-01T10:00:00Z', actor: { id: learner.id, name: 'Ken', kind: 'user' }, changes: [{ field: 'vocab_prompt', before: 'text', after: 'audio' }] }], next_before: null } },
    });
    const { user } = renderAdmin(`/admin/users/${learner.id}`);
    expect(await screen.findByRole('heading', { name: 'Ken · ken@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Asia/Tokyo')).toBeInTheDocument();
    const levels = screen.getByRole('table', { name: 'Levels in Vocab I' });
    expect(within(levels).getByRole('rowheader', { name: 'Level 1' }).closest('tr')).toHaveTextContent('Level 1801541');
    expect(screen.getByRole('table', { name: 'Review forecast' })).toHaveTextContent('Today12');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'kana');
    await waitFor(() => expect(net.requests('GET', `/api/admin/users/${learner.id}`).at(-1)!.url.searchParams.get('course')).toBe('kana'));

    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect((await screen.findByText('vocab_prompt')).closest('li')).toHaveTextContent('vocab_prompt text → audio');
    expect(net.requests('GET', '/api/admin/history')[0].url.searchParams.get('stream')).toBe(`user-${learner.id}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Everything this person did');
    await waitFor(() => expect(net.requests('GET', '/api/admin/history').at(-1)!.url.searchParams.get('actor')).toBe(learner.id));
  });

  it('grants the admin role with an Idempotency-Key', async () => {
    const net = mockFetch({
      ...admin,
      [`GET /api/admin/users/${learner.id}`]: { body: { user: learner, stats: statsFixture(), profile: null } },
      [`POST /api/admin/users/${learner.id}/admin`]: { body: { id: learner.id, is_admin: true } },
    });
    const { user } = renderAdmin(`/admin/users/${learner.id}`);
    await user.click(await screen.findByRole('button', { name: 'Grant admin role' }));
    await waitFor(() => expect(net.requests('POST', `/api/admin/users/${learner.id}/admin`)).toHaveLength(1));
    expect(net.requests('POST', `/api/admin/users/${learner.id}/admin`)[0].headers['Idempotency-Key']).toBeTruthy();
  });
});
