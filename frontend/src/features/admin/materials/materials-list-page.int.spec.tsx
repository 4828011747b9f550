import { screen, waitFor } from '@testing-library/react';
import { mockFetch, problem } from '../../../test/fetch-mock';
import { profileFixture } from '../../../test/fixtures';
import { materialList, materialRow, renderAdmin } from '../shell/admin-test-utils';

const admin = { 'GET /api/users/profile': { body: profileFixture({ is_admin: true }) }, 'GET /api/auth/csrf': { body: { token: 't' } } };
const location = () => screen.getByTestId('location').textContent;

describe('list filters in the URL', () => {
  it('reads course, level and filters from the URL, writes changes back, and carries them to detail links', async () => {
    const net = mockFetch({ ...admin, 'GET /api/admin/materials': { body: materialList([materialRow(1), materialRow(2, { title: '月', subtitle: 'ゲツ' })]) } });
    const { user } = renderAdmin('/admin/readings?course=kanji1&level=2');

    const course = await screen.findByRole('combobox', { name: 'Course' });
    const level = screen.getByRole('combobox', { name: 'Level' });
    expect(course).toHaveValue('kanji1');
    expect(level).toHaveValue('2');
    await waitFor(() => expect(net.requests('GET', '/api/admin/materials')).toHaveLength(1));
    const first = net.requests('GET', '/api/admin/materials')[0].url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ type: 'reading', course: 'kanji1', level: '2' });

    await user.selectOptions(level, '3');
    expect(location()).toBe('/admin/readings?course=kanji1&level=3');
    await user.click(screen.getByRole('checkbox', { name: 'No audio' }));
    await user.click(screen.getByRole('checkbox', { name: 'No image' }));
    expect(location()).toBe('/admin/readings?course=kanji1&level=3&filters=no_audio+no_image');
    await waitFor(() => expect(net.requests('GET', '/api/admin/materials').at(-1)!.url.searchParams.get('filters')).toBe('no_audio+no_image'));
    expect(net.requests('GET', '/api/admin/materials').at(-1)!.url.searchParams.get('level')).toBe('3');

    await screen.findByRole('link', { name: '2' });
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/readings/2?course=kanji1&level=3&filters=no_audio+no_image');

    await user.selectOptions(course, '');
    expect(location()).toBe('/admin/readings?level=3&filters=no_audio+no_image');
  });
});

describe('bulk actions on a list page', () => {
  it('runs the chosen action on the selected rows with retries, progress and failures', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const tries: Record<string, number> = {};
    const net = mockFetch({
      ...admin,
      'GET /api/admin/materials': { body: materialList([materialRow(1), materialRow(2), materialRow(3)]) },
      'POST /api/admin/materials/1/actions': () => ((tries[1] = (tries[1] ?? 0) + 1) < 2 ? problem(503, 'Queue down.', 'unavailable') : { status: 202, body: { request_id: 'a', requested: ['fetch_audio'] } }),
      'POST /api/admin/materials/2/actions': () => {
        tries[2] = (tries[2] ?? 0) + 1;
        return problem(503, 'Queue down.', 'unavailable');
      },
      'POST /api/admin/materials/3/actions': { status: 202, body: { request_id: 'c', requested: ['fetch_audio'] } },
    });
    const { user, wait } = renderAdmin('/admin/readings');

    await screen.findByRole('link', { name: '1' });
    const run = screen.getByRole('button', { name: 'Run on 0 selected' });
    expect(run).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select reading 3' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bulk action' }), 'fetch_audio');
    await user.click(screen.getByRole('button', { name: 'Run on 2 selected' }));

    const status = await screen.findByText(/Fetch audio: 2\/2 done, 1 failed/);
    expect(status).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Fetch audio progress' })).toHaveAttribute('value', '2');
    expect(screen.getByRole('alert')).toHaveTextContent('1 of 2 failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Reading 2: Queue down.');

    expect(tries).toEqual({ 1: 2, 2: 3 });
    expect(net.requests('POST', '/api/admin/materials/3/actions')).toHaveLength(0);
    expect(wait).toHaveBeenCalledTimes(3);
    expect(wait).toHaveBeenCalledWith(5000);
    // A retry is the same request: one Idempotency-Key per item.
    const keys = net.requests('POST', '/api/admin/materials/2/actions').map((r) => r.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBe(net.requests('POST', '/api/admin/materials/1/actions')[0].headers['Idempotency-Key']);
    expect(net.requests('POST', '/api/admin/materials/1/actions')[0].body).toEqual({ type: 'reading', actions: { fetch_audio: true } });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0][0])).toContain('reading 2 (fetch_audio) after 3 tries');
    consoleError.mockRestore();
  });
});

describe('the audio column', () => {
  it('says "System voice" for a card the system voice speaks, not "None" (issue 31)', async () => {
    mockFetch({
      ...admin,
      'GET /api/admin/materials': { body: materialList([materialRow(1, { system_voice: true }), materialRow(2), materialRow(3, { has_audio: true, is_audio_approved: true })]) },
    });
    renderAdmin('/admin/readings');
    await screen.findByRole('link', { name: '1' });
    const audioOf = (id: string) => screen.getByRole('link', { name: id }).closest('tr')!.querySelectorAll('td');
    const cells = (id: string) => [...audioOf(id)].map((td) => td.textContent);
    // Columns: select, id, course, level, title, sentence, audio, image, served, updated.
    const audio = (id: string) => cells(id)[6];
    expect(audio('1')).toBe('System voice');
    expect(audio('2')).toBe('None');
    expect(audio('3')).toBe('Approved');
  });
});
