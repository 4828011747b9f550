import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { profileSchema } from '../lib/profile';
import { queryKeys } from '../lib/query-keys';
import { mockFetch, problem } from '../test/fetch-mock';
import { profileFixture } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { browser, SubscribeForm, SUBSCRIPTIONS_UNAVAILABLE, type BillingProblemState } from './subscribe-form';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The form on /kana, with the profile the shell would have loaded. */
function renderForm(element = <SubscribeForm />, profile = profileFixture()) {
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/kana" element={element} />
        <Route path="/settings" element={<p>Settings page</p>} />
      </Routes>
      <Where />
    </>,
    { path: '/kana?tab=2' },
  );
  view.queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profile));
  return view;
}

it('posts the checkout with fetch (CSRF header, JSON wanted) and goes to the page it answers', async () => {
  const net = mockFetch({ 'POST /checkout': { body: { url: 'https://checkout.stripe.test/c/pay/cs_test_1' } } });
  const { user } = renderForm();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
  const [post] = net.requests('POST', '/checkout');
  expect(post.headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
  expect(post.headers.Accept).toContain('application/json');
  // A real form submission (and with it the server's raw answer) never happens.
  expect(HTMLFormElement.prototype.submit).not.toHaveBeenCalled();
});

it('is busy while leaving, and usable again when the browser restores the page (Back from Stripe)', async () => {
  mockFetch({ 'POST /checkout': { body: { url: 'https://checkout.stripe.test/c/pay/cs_test_2' } } });
  const { user } = renderForm();
  const button = await screen.findByRole('button', { name: 'Subscribe' });
  await user.click(button);
  await waitFor(() => expect(assign).toHaveBeenCalled());
  expect(button).toBeDisabled();
  window.dispatchEvent(new Event('pageshow'));
  await waitFor(() => expect(button).toBeEnabled());
});

it('on failure opens the settings page with the reason and the way back, instead of any raw answer', async () => {
  mockFetch({ 'POST /checkout': problem(503, 'The payment provider could not be reached. Please try again in a moment.', 'unavailable') });
  const { user } = renderForm();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByText('Settings page')).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/settings?checkout_error=unavailable');
  expect(assign).not.toHaveBeenCalled();
});

it('passes the server message and the page the person came from along to the settings page', async () => {
  mockFetch({ 'POST /checkout': problem(503, 'Payments are not configured on this server.', 'not_configured') });
  let state: unknown;
  function Settings() {
    state = useLocation().state;
    return <p>Settings page</p>;
  }
  const { user, queryClient } = renderWithProviders(
    <Routes>
      <Route path="/kana" element={<SubscribeForm />} />
      <Route path="/settings" element={<Settings />} />
    </Routes>,
    { path: '/kana?tab=2' },
  );
  queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profileFixture()));
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  await screen.findByText('Settings page');
  expect(state).toEqual<BillingProblemState>({ billingProblem: { message: 'Payments are not configured on this server.', from: '/kana?tab=2' } });
});

it('without the network: the settings page explains it too', async () => {
  mockFetch({ 'POST /checkout': new TypeError('Failed to fetch') });
  const { user } = renderForm();
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/settings?checkout_error=network'));
});

describe('when this server sells no subscription (profile payments_available: false)', () => {
  it('says so where the button was, and asks nothing of the server', async () => {
    const net = mockFetch({});
    renderForm(<SubscribeForm />, profileFixture({ payments_available: false }));
    expect(await screen.findByText(SUBSCRIPTIONS_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(net.calls).toEqual([]);
  });

  it('shows nothing in place of the compact top-bar button, or the text asked for', async () => {
    mockFetch({});
    const first = renderForm(<SubscribeForm size="sm" />, profileFixture({ payments_available: false }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
    expect(screen.queryByText(SUBSCRIPTIONS_UNAVAILABLE)).not.toBeInTheDocument();
    first.unmount();
    renderForm(<SubscribeForm unavailableText={null} />, profileFixture({ payments_available: false }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
    expect(screen.queryByText(SUBSCRIPTIONS_UNAVAILABLE)).not.toBeInTheDocument();
  });

  it('follows the profile: the button comes back when the server can sell again', async () => {
    mockFetch({});
    const { queryClient } = renderForm(<SubscribeForm />, profileFixture({ payments_available: false }));
    expect(await screen.findByText(SUBSCRIPTIONS_UNAVAILABLE)).toBeInTheDocument();
    queryClient.setQueryData(queryKeys.profile, profileSchema.parse(profileFixture()));
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
