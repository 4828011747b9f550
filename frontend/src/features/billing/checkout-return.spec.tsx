import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => {
  jest.useRealTimers();
});

it('polls the checkout every 2 s until complete, then refetches the profile and thanks the person', async () => {
  jest.useFakeTimers();
  const statuses = ['open', 'open', 'complete'];
  let subscribed = false;
  const net = mockFetch({
    'GET /api/users/profile': () => ({ body: profileFixture({ subscription_status: subscribed ? 'active' : 'inactive' }) }),
    'GET /api/users/subscription_status': (request) => {
      expect(request.url.searchParams.get('checkout_session_id')).toBe('cs_test_123');
      const status = statuses.shift() ?? 'complete';
      if (status === 'complete') subscribed = true;
      return { body: { status } };
    },
    'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
  });
  renderApp('/settings?checkout_session_id=cs_test_123');
  expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
  expect(await screen.findByText(/Thank you for subscribing!/, {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(3);
  await waitFor(() => expect(screen.getByRole('link', { name: 'Manage subscription' })).toBeInTheDocument(), { timeout: 5000 });
  expect(net.requests('GET', '/api/users/profile').length).toBeGreaterThanOrEqual(2);
  // Polling stops once complete.
  jest.advanceTimersByTime(10_000);
  expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(3);
});
