import { screen, waitFor } from '@testing-library/react';
import { mockFetch, problem, type MockRoute } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { CHECKOUT_MAX_ERRORS } from './billing-queries';

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

describe('a checkout that cannot be checked: polling stops with a clear message and a way back', () => {
  const routes = (status: MockRoute) =>
    mockFetch({
      'GET /api/users/profile': { body: profileFixture() },
      'GET /api/users/subscription_status': status,
      'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
    });

  it('payments not configured (503 not_configured): stops at once', async () => {
    jest.useFakeTimers();
    const net = routes(problem(503, 'Payments are not configured on this server.', 'not_configured'));
    renderApp('/settings?checkout_session_id=cs_test_123');
    expect(await screen.findByText(/This payment cannot be checked: payments are not configured on this server/)).toBeInTheDocument();
    expect(screen.queryByText(/Confirming your payment/)).not.toBeInTheDocument();
    jest.advanceTimersByTime(20_000);
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Dismiss' })).toHaveAttribute('href', '/settings');
  });

  it('an unknown session (404): stops at once', async () => {
    jest.useFakeTimers();
    const net = routes(problem(404, 'There is no checkout session with this id for your account.', 'not_found'));
    renderApp('/settings?checkout_session_id=cs_test_nope');
    expect(await screen.findByText(/This checkout cannot be found for your account/)).toBeInTheDocument();
    jest.advanceTimersByTime(20_000);
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(1);
  });

  it('server errors: tries a few times, then gives up with the reason', async () => {
    jest.useFakeTimers();
    const net = routes(problem(503, 'The payment provider could not be reached. Please try again in a moment.', 'unavailable'));
    renderApp('/settings?checkout_session_id=cs_test_123');
    expect(await screen.findByText(/Confirming your payment… \(trying again/)).toBeInTheDocument();
    expect(
      await screen.findByText(/We could not check your payment \(The payment provider could not be reached/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(CHECKOUT_MAX_ERRORS);
    jest.advanceTimersByTime(20_000);
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(CHECKOUT_MAX_ERRORS);
  });

  it('no connection: the same', async () => {
    jest.useFakeTimers();
    const net = routes(new TypeError('Failed to fetch'));
    renderApp('/settings?checkout_session_id=cs_test_123');
    expect(await screen.findByText(/We could not check your payment \(Could not reach the server/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(CHECKOUT_MAX_ERRORS);
  });

  it('a passing error does not end the wait when the next check succeeds', async () => {
    jest.useFakeTimers();
    const answers: Array<ReturnType<typeof problem> | { body: { status: string } }> = [problem(500, 'Boom.', 'internal'), { body: { status: 'open' } }, { body: { status: 'complete' } }];
    const net = routes(() => answers.shift() ?? { body: { status: 'complete' } });
    renderApp('/settings?checkout_session_id=cs_test_123');
    expect(await screen.findByText(/Thank you for subscribing!/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(net.requests('GET', '/api/users/subscription_status')).toHaveLength(3);
  });
});
