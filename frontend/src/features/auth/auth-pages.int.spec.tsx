import { screen, waitFor, within } from '@testing-library/react';
import { browser } from '../../components/subscribe-form';
import { mockFetch, problem } from '../../test/fetch-mock';
import { nextCard, profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { safeNext } from './auth-api';

describe('sign-in', () => {
  it("shows the server's detail when rate limited", async () => {
    mockFetch({ 'POST /api/auth/sign_in': problem(429, 'Too many sign-in attempts. Try again in 5 minutes, or reset your password to sign in now.', 'rate_limited') });
    const { user } = renderApp('/sign-in');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 5 minutes, or reset your password to sign in now.');
  });

  it('signs in and goes back to the page that asked', async () => {
    let signedIn = false;
    const net = mockFetch({
      'POST /api/auth/sign_in': () => {
        signedIn = true;
        return { body: profileFixture() };
      },
      'GET /api/users/profile': () => (signedIn ? { body: profileFixture() } : problem(401, 'Please sign in.', 'unauthorized')),
      'GET /api/flashcard?course=kana': { body: nextCard({ user_next_review_in_minutes: 10 }) },
    });
    const { user } = renderApp('/kana');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Hiragana/Katakana', level: 1 })).toBeInTheDocument();
    expect(net.requests('POST', '/api/auth/sign_in')[0].body).toEqual({ email: 'aiko@example.com', password: 'secret-pass' });
  });

  it('accepts the profile as the sign-in answer and shows a wrong password once, next to the field', async () => {
    let attempts = 0;
    mockFetch({
      'POST /api/auth/sign_in': () =>
        ++attempts === 1
          ? problem(401, 'Wrong email or password.', 'unauthenticated', { errors: [{ field: 'password', message: 'Wrong email or password.' }] })
          : { body: profileFixture() },
      'GET /api/users/profile': { body: profileFixture() },
    });
    const { user } = renderApp('/sign-in');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Wrong email or password.')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Wrong email or password.');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your courses' })).toBeInTheDocument();
  });

  it('follows only same-site paths after sign-in', () => {
    expect(safeNext('/kanji1?x=1')).toBe('/kanji1?x=1');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});

describe('sign-up', () => {
  it('creates the account and lands on the course list', async () => {
    let signedIn = false;
    const net = mockFetch({
      'POST /api/auth/sign_up': () => {
        signedIn = true;
        return { status: 201, body: profileFixture() };
      },
      'GET /api/users/profile': () => (signedIn ? { body: profileFixture() } : problem(401, 'Please sign in.', 'unauthorized')),
    });
    const { user } = renderApp('/sign-up');
    await user.type(screen.getByLabelText('Name'), 'Aiko');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Your courses' })).toBeInTheDocument();
    expect(net.requests('POST', '/api/auth/sign_up')[0].body).toEqual({ name: 'Aiko', email: 'aiko@example.com', password: 'short-and-longer' });
  });

  it('shows field errors from the server', async () => {
    mockFetch({ 'POST /api/auth/sign_up': problem(400, 'Check the form.', 'validation_failed', { errors: [{ field: 'email', message: 'Enter a valid email address.' }] }) });
    const { user } = renderApp('/sign-up');
    await user.type(screen.getByLabelText('Name'), 'Aiko');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "check your email" for an address that already has an account, and stays signed out (issue 28)', async () => {
    const message = 'Check your email: we have sent a message to this address. If you already have a Kioku account, sign in, or reset your password if you forgot it.';
    const net = mockFetch({ 'POST /api/auth/sign_up': { status: 202, body: { message } } });
    const { user } = renderApp('/sign-up');
    await user.type(screen.getByLabelText('Name'), 'Aiko');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(message);
    expect(within(status).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(within(status).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(net.requests('GET', '/api/users/profile')).toHaveLength(0);
  });
});

describe('sign-out (issue 28: a GET never signs out)', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => assign.mockRestore());

  it('asks "Sign out?" at /users/sign_out, and signs out by a POST with the CSRF header only when told to', async () => {
    const net = mockFetch({ 'GET /api/users/profile': { body: profileFixture() }, 'POST /users/sign_out': { status: 200 } });
    const { user } = renderApp('/users/sign_out');
    expect(await screen.findByRole('heading', { name: 'Sign out?' })).toBeInTheDocument();
    // In the signed-in shell: the learner's own account menu, not "Sign in / Sign up".
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/');
    expect(net.requests('POST', '/users/sign_out')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const [post] = net.requests('POST', '/users/sign_out');
    expect(post.headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
  });

  it('says why when signing out failed, and stays on the page', async () => {
    mockFetch({ 'GET /api/users/profile': { body: profileFixture() }, 'POST /users/sign_out': problem(503, 'The service is unavailable right now.', 'unavailable') });
    const { user } = renderApp('/users/sign_out');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable right now.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a visitor who is signed out already to the front page, with nothing to confirm', async () => {
    const net = mockFetch({ 'GET /api/users/profile': problem(401, 'Sign in to continue.', 'unauthenticated') });
    renderApp('/users/sign_out');
    expect(await screen.findByRole('heading', { name: /Remember Japanese for good/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign out?' })).not.toBeInTheDocument();
    expect(net.requests('POST', '/users/sign_out')).toHaveLength(0);
  });

  it("signs out from the user menu's Logout in one click, by the same POST", async () => {
    const net = mockFetch({ 'GET /api/users/profile': { body: profileFixture() }, 'POST /users/sign_out': { status: 200 } });
    const { user } = renderApp('/about');
    const banner = await screen.findByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: 'Account' }));
    const logout = within(banner).getByRole('link', { name: 'Logout' });
    expect(logout).toHaveAttribute('href', '/users/sign_out');
    await user.click(logout);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(net.requests('POST', '/users/sign_out')[0].headers['X-XSRF-TOKEN']).toBe('test-csrf-token');
  });
});

describe('password reset', () => {
  it('requests a reset link', async () => {
    const net = mockFetch({ 'POST /api/auth/password_reset': { status: 202 } });
    const { user } = renderApp('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'aiko@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/we have sent it a link/)).toBeInTheDocument();
    expect(net.requests('POST', '/api/auth/password_reset')[0].body).toEqual({ email: 'aiko@example.com' });
  });

  it('sets a new password with the token from the link', async () => {
    const net = mockFetch({ 'POST /api/auth/password_reset/confirm': { body: {} } });
    const { user } = renderApp('/reset-password?token=tok_abc');
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Repeat the new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(net.requests('POST', '/api/auth/password_reset/confirm')[0]?.body).toEqual({ token: 'tok_abc', password: 'brand-new-pass' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
  });
});
