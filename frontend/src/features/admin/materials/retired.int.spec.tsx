import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { materialList, materialRow, readingDetail, renderAdmin, vocabDetail } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };

describe('retired materials in the admin app', () => {
  it('marks a retired row in the list and filters retired materials through the API', async () => {
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials': {
        body: materialList([materialRow(1, { type: 'vocab', course: 'vocab3', title: '糾合', retired: true, servable: false }), materialRow(2, { type: 'vocab', course: 'vocab1', title: '朝' })]),
      },
    });
    const { user } = renderAdmin('/admin/vocabs');

    const retiredRow = (await screen.findByRole('link', { name: '1' })).closest('tr') as HTMLElement;
    expect(within(retiredRow).getByText('Retired')).toBeInTheDocument();
    const servedRow = screen.getByRole('link', { name: '2' }).closest('tr') as HTMLElement;
    expect(within(servedRow).queryByText('Retired')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Retired' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/vocabs?filters=retired');
    await waitFor(() => expect(net.requests('GET', '/api/admin/materials').at(-1)!.url.searchParams.get('filters')).toBe('retired'));
  });

  it('still opens a retired material, says why it is not served, and shows the retirement in its history', async () => {
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials/7': { body: vocabDetail({}, { retired: true, retired_reason: 'removed-from-content' }) },
      'GET /api/admin/history': {
        body: {
          items: [
            {
              event_id: 'e3',
              stream_id: 'material-vocab-7',
              type: 'MaterialRetired',
              at: '2024-06-01T10:00:00Z',
              actor: { id: null, name: 'content loader', kind: 'system' },
              changes: [{ field: 'retired', before: false, after: true }],
              data: { reason: 'removed-from-content', source: 'content' },
            },
          ],
          next_before: null,
        },
      },
    });
    const { user } = renderAdmin('/admin/vocabs/7');

    expect(await screen.findByText(/no longer in the content files, so it was retired/)).toBeInTheDocument();
    expect(screen.getByText(/their history of it is kept/)).toBeInTheDocument();
    expect(screen.getAllByText('Retired').length).toBeGreaterThan(0);
    // The editor is still there: an admin can correct a retired word before it comes back.
    expect(screen.getByRole('textbox', { name: 'Sentence meaning' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Material retired')).toBeInTheDocument();
    expect(screen.getByText('retired').closest('li')).toHaveTextContent('retired false → true');
    expect(net.requests('GET', '/api/admin/history')[0].url.searchParams.get('stream')).toBe('material-vocab-7');
  });

  it('tells a served material apart from a retired one, and marks retired candidate words of a reading', async () => {
    mockFetch({
      ...admin,
      'GET /api/admin/materials/12': {
        body: readingDetail({
          vocab_id_options: [
            { id: 5, vocab: '毎日', vocab_hiragana: 'まいにち', vocab_meaning: 'every day', retired: false },
            { id: 6, vocab: '両日', vocab_hiragana: 'りょうじつ', vocab_meaning: 'both days', retired: true },
          ],
        }),
      },
    });
    renderAdmin('/admin/readings/12');
    const select = await screen.findByRole('combobox', { name: 'Vocab id' });
    expect(within(select).getByRole('option', { name: /両日.*\(retired\)/ })).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: /毎日/ })).not.toHaveTextContent('retired');
    expect(screen.queryByText(/so it was retired/)).not.toBeInTheDocument();
  });
});
