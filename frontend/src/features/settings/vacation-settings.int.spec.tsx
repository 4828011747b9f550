import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';

// Vacation mode in Settings (issue 30, item 4): start with an optional return day, the server's refusal shown on
// the field, and the end.

describe('vacation settings', () => {
  it('starts a vacation, shows a refused return day on its field, and ends it', async () => {
    let profile = profileFixture();
    const net = mockFetch({
      'GET /api/users/profile': () => ({ body: profile }),
      'GET /api/auth/csrf': { body: { token: 't' } },
      'POST /api/users/vacation': (request) => {
        const body = request.body as { returns_on?: string };
        if (body.returns_on === '2020-01-01') {
          return problem(400, 'The return date must be after today.', 'validation_failed', { errors: [{ field: 'returns_on', message: 'The return date must be after today.' }] });
        }
        const vacation = { started_at: '2026-12-04T09:00:00.000Z', returns_on: body.returns_on ?? null };
        profile = { ...profile, vacation };
        return { body: { vacation } };
      },
      'POST /api/users/vacation/end': () => {
        profile = { ...profile, vacation: null };
        return { body: { vacation: null, shifted_cards: 3 } };
      },
    });
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Vacation' });
    const date = within(section).getByLabelText('Planned return (optional)');
    await user.type(date, '2020-01-01');
    await user.click(within(section).getByRole('button', { name: 'Start vacation' }));
    expect(await within(section).findByText('The return date must be after today.')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');

    await user.clear(date);
    await user.type(date, '2026-12-20');
    await user.click(within(section).getByRole('button', { name: 'Start vacation' }));
    expect(await within(section).findByText(/^On vacation since/)).toBeInTheDocument();
    const starts = net.requests('POST', '/api/users/vacation');
    expect(starts.map((r) => r.body)).toEqual([{ returns_on: '2020-01-01' }, { returns_on: '2026-12-20' }]);
    // One key per click: a retried request is applied once.
    expect(starts[0].headers['Idempotency-Key']).not.toBe(starts[1].headers['Idempotency-Key']);

    await user.click(within(section).getByRole('button', { name: 'End vacation' }));
    await waitFor(() => expect(net.requests('POST', '/api/users/vacation/end')).toHaveLength(1));
    expect(await within(section).findByRole('button', { name: 'Start vacation' })).toBeInTheDocument();
  });
});
