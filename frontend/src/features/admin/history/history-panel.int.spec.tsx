import { screen } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { renderAdmin, vocabDetail } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };

describe('history tab', () => {
  it("renders each event's changes as before → after, its actor, and loads older pages", async () => {
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': { body: vocabDetail() },
      'GET /api/admin/history': (req) =>
        req.url.searchParams.get('before') === 'cursor-1'
          ? { body: { items: [{ event_id: 'e0', stream_id: 'material-vocab-7', type: 'MaterialImported', at: '2023-01-01T00:00:00Z', actor: { id: null, name: null, kind: 'system' }, changes: [], data: { contentVersion: 'abc' } }], next_before: null } }
          : {
              body: {
                items: [
                  {
                    event_id: 'e2',
                    stream_id: 'material-vocab-7',
                    type: 'MaterialRevised',
                    at: '2024-05-01T10:00:00Z',
                    actor: { id: 'a1', name: 'Curator Kim', kind: 'admin' },
                    changes: [
                      { field: 'sentence_meaning', before: 'I eat breakfast.', after: 'I have breakfast.' },
                      { field: 'sentence_context', before: null, after: 'At home' },
                    ],
                    data: {},
                  },
                ],
                next_before: 'cursor-1',
              },
            },
    });
    const { user } = renderAdmin('/admin/vocabs/7');
    await user.click(await screen.findByRole('tab', { name: 'History' }));

    const change = await screen.findByText('sentence_meaning');
    expect(change.closest('li')).toHaveTextContent('sentence_meaning I eat breakfast. → I have breakfast.');
    expect(screen.getByText('sentence_context').closest('li')).toHaveTextContent('sentence_context (empty) → At home');
    expect(screen.getByText('Material revised')).toBeInTheDocument();
    expect(screen.getByText(/by Curator Kim/)).toHaveTextContent('admin');
    expect(net.requests('GET', '/api/admin/history')[0].url.searchParams.get('stream')).toBe('material-vocab-7');

    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await screen.findByText('Material imported')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });
});
