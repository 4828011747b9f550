import { screen, waitFor, within } from '@testing-library/react';
import { browser, SUBSCRIPTIONS_UNAVAILABLE } from '../../components/subscribe-form';
import { mockFetch, problem, type MockRoute } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';

type ProfileIn = ReturnType<typeof profileFixture>;

function app(path: string, profile: ProfileIn = profileFixture(), extra: Record<string, MockRoute> = {}) {
  const net = mockFetch({
    'GET /api/users/profile': { body: profile },
    'POST /api/users/timezone': (request) => ({ body: request.body }),
    'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
    'GET /api/updates': { body: { updates: [] } },
    ...extra,
  });
  return { ...renderApp(path), net };
}

const section = async () => (await screen.findByRole('heading', { name: 'Subscription' })).closest('section')!;

describe('settings without payments on this server (payments_available: false)', () => {
  it('offers no Subscribe anywhere on the page, and says why', async () => {
    app('/settings', profileFixture({ payments_available: false }));
    const panel = await section();
    expect(within(panel).getByText('You are on the free plan: level 1 of every course and the first dictionary tab.')).toBeInTheDocument();
    expect(within(panel).getByText(SUBSCRIPTIONS_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });

  it('does not link a subscriber to a portal that cannot open, nor ask a canceled one to subscribe again', async () => {
    const first = app('/settings', profileFixture({ subscription_status: 'active', payments_available: false }));
    expect(within(await section()).getByText(/Your subscription is active/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).not.toBeInTheDocument();
    first.unmount();
    app('/settings', profileFixture({ subscription_status: 'canceled', payments_available: false }));
    const panel = await section();
    expect(within(panel).getByText('Your subscription has ended.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
  });
});

describe('a checkout that failed is explained in the app, with a way back', () => {
  it('after the server sent a browser back (/settings?checkout_error=not_configured)', async () => {
    app('/settings?checkout_error=not_configured', profileFixture({ payments_available: false }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The checkout could not be opened. Subscriptions are not available on this server. Payments are not configured. Nothing was charged.');
    expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(within(alert).getByRole('link', { name: 'Dismiss' })).toHaveAttribute('href', '/settings');
  });

  it('an unknown code still reads as words', async () => {
    app('/settings?checkout_error=http_418');
    expect(await screen.findByRole('alert')).toHaveTextContent('The checkout could not be opened. Something went wrong. Please try again. Nothing was charged.');
  });

  it('the portal link that could not open (/settings?portal_error=not_found)', async () => {
    app('/settings?portal_error=not_found');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The subscription settings could not be opened. You have no subscription to manage yet.');
    expect(alert).not.toHaveTextContent('Nothing was charged');
  });

  it('from the Subscribe button: the server’s words, back to where the person was, Subscribe to try again', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    try {
      let fail = true;
      const { user, net } = app('/about', profileFixture(), {
        'POST /checkout': () =>
          fail ? problem(503, 'The payment provider could not be reached. Please try again in a moment.', 'unavailable') : { body: { url: 'https://checkout.stripe.test/c/pay/cs_test_9' } },
      });
      const banner = await screen.findByRole('banner');
      await user.click(await within(banner).findByRole('button', { name: 'Subscribe' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The checkout could not be opened. The payment provider could not be reached. Please try again in a moment. Nothing was charged.');
      await waitFor(() => expect(alert).toHaveFocus());
      expect(within(alert).getByRole('link', { name: 'Back to where you were' })).toHaveAttribute('href', '/about');

      // Try again from the section: this time it opens.
      fail = false;
      await user.click(within(await section()).getByRole('button', { name: 'Subscribe' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_9'));
      expect(net.requests('POST', '/checkout')).toHaveLength(2);

      await user.click(within(alert).getByRole('link', { name: 'Back to where you were' }));
      expect(await screen.findByRole('heading', { name: /About/, level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      assign.mockRestore();
    }
  });

  it('Dismiss leaves the plain settings page', async () => {
    const { user } = app('/settings?checkout_error=unavailable');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('link', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await section()).toBeInTheDocument();
  });
});
