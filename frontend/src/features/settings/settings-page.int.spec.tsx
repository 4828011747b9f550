import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, problem } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import type { Settings } from '../../lib/profile';
import { canonicalZone } from './time-zones';

function settingsApp(profile = profileFixture(), path = '/settings') {
  let current = profile;
  const net = mockFetch({
    'GET /api/users/profile': () => ({ body: current }),
    'PATCH /api/users/settings': (request) => {
      current = { ...current, settings: { ...current.settings, ...(request.body as Partial<Settings>) } };
      return { body: current.settings };
    },
    'POST /api/users/timezone': (request) => ({ body: request.body }),
    'GET /api/auth/csrf': { body: { token: 'test-csrf-token' } },
  });
  return { ...renderApp(path), net };
}

describe('settings page', () => {
  it('edits every study setting and saves each change', async () => {
    const { user, net } = settingsApp();
    const shortcuts = await screen.findByRole('checkbox', { name: 'Keyboard shortcuts' });
    expect(shortcuts).toBeChecked();
    await user.click(shortcuts);
    await waitFor(() => expect(net.requests('PATCH', '/api/users/settings').map((r) => r.body)).toEqual([{ keyboard_shortcuts: false }]));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Play audio automatically in kana and kanji/ }));
    await user.click(screen.getByRole('checkbox', { name: /Play audio automatically in vocab/ }));
    await user.click(screen.getByRole('radio', { name: 'None' }));
    await waitFor(() => expect(net.requests('PATCH', '/api/users/settings')).toHaveLength(4));
    expect(net.requests('PATCH', '/api/users/settings').map((r) => r.body)).toEqual([
      { keyboard_shortcuts: false },
      { audio_autoplay: true },
      { vocab_audio_autoplay: true },
      { furigana: 'none' },
    ]);
  });

  it('shows a choice at once and puts it back when the save fails, saying why', async () => {
    const { user, net } = settingsApp();
    let fail = () => undefined as void;
    net.routes['PATCH /api/users/settings'] = () => new Promise((resolve) => (fail = () => resolve(problem(422, 'Settings could not be saved.'))));
    const typed = await screen.findByRole('checkbox', { name: 'Type the reading in kanji courses' });
    expect(typed).not.toBeChecked();
    await user.click(typed);
    // While the save is on its way.
    expect(typed).toBeChecked();
    fail();
    expect(await screen.findByText('Settings could not be saved.')).toBeInTheDocument();
    await waitFor(() => expect(typed).not.toBeChecked());
  });

  it('enables vocab hide-text only with the audio prompt', async () => {
    const { user, net } = settingsApp();
    const hideText = await screen.findByRole('checkbox', { name: /Hide the sentence text/ });
    expect(screen.getByRole('radio', { name: 'Text' })).toBeChecked();
    expect(hideText).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Audio' }));
    expect(hideText).toBeEnabled();
    await user.click(hideText);
    await waitFor(() => expect(net.requests('PATCH', '/api/users/settings').map((r) => r.body)).toEqual([{ vocab_prompt: 'audio' }, { vocab_hide_text: true }]));
    await user.click(screen.getByRole('radio', { name: 'Audio and text' }));
    expect(hideText).toBeDisabled();
  });

  it('offers canonical IANA zones, the browser\'s own first, in a searchable list (input + datalist)', async () => {
    settingsApp();
    const input = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue('Europe/Berlin');
    expect(input).toHaveAccessibleDescription(/Type a city or region to search/);
    const options = [...document.querySelectorAll<HTMLOptionElement>(`datalist#${CSS.escape(input.getAttribute('list')!)} option`)].map((o) => o.value);
    const browser = canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(options[0]).toBe(browser);
    expect(options).toEqual(expect.arrayContaining(['Asia/Tokyo', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'UTC']));
    // ICU's old names are not offered next to the current ones.
    expect(options).not.toContain('Asia/Calcutta');
    expect(options).not.toContain('Europe/Kiev');
    expect(new Set(options).size).toBe(options.length);
  });

  it("puts a browser's zone reported by its old ICU name first, by its IANA name", async () => {
    const Real = Intl.DateTimeFormat;
    // The browser in India: Chromium reports Asia/Calcutta.
    jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(((locales?: string | string[], options?: Intl.DateTimeFormatOptions) => {
      const format = new Real(locales, options);
      if (options?.timeZone) return format;
      const resolved = format.resolvedOptions();
      return Object.assign(format, { resolvedOptions: () => ({ ...resolved, timeZone: 'Asia/Calcutta' }) });
    }) as unknown as typeof Intl.DateTimeFormat);
    try {
      settingsApp(profileFixture({ timezone: 'Europe/Kiev' }));
      const input = await screen.findByRole('combobox', { name: 'Time zone' });
      expect(input).toHaveValue('Europe/Kyiv');
      const options = [...document.querySelectorAll<HTMLOptionElement>(`datalist#${CSS.escape(input.getAttribute('list')!)} option`)];
      expect(options.slice(0, 2).map((o) => [o.value, o.textContent])).toEqual([
        ['Asia/Kolkata', 'Asia/Kolkata (this device)'],
        ['Europe/Kyiv', 'Europe/Kyiv'],
      ]);
      expect(input).toHaveAccessibleDescription(/This device is set to Asia\/Kolkata/);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('saves a zone picked or typed, by its full name or by its city', async () => {
    const { user, net } = settingsApp();
    const input = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(net.requests('POST', '/api/users/timezone').map((r) => r.body)).toEqual([{ timezone: 'Asia/Tokyo' }]));
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'new york{Enter}');
    await waitFor(() => expect(net.requests('POST', '/api/users/timezone').map((r) => r.body)).toEqual([{ timezone: 'Asia/Tokyo' }, { timezone: 'America/New_York' }]));
    expect(input).toHaveValue('America/New_York');
  });

  it('refuses a name that is no time zone, says why and keeps the focus on the field', async () => {
    const { user, net } = settingsApp();
    const input = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(input);
    await user.type(input, 'Atlantis/Lost_City');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Choose a time zone from the list/);
    expect(input).toHaveFocus();
    expect(net.requests('POST', '/api/users/timezone')).toHaveLength(0);
  });

  it("defaults the time zone to the browser's when the profile has none, and offers it back", async () => {
    const { user } = settingsApp(profileFixture({ timezone: null }));
    const browser = canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const input = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue(browser);
    expect(screen.queryByRole('button', { name: "Use this device's time zone" })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: "Use this device's time zone" }));
    expect(input).toHaveValue(browser);
  });

  it('changes the password', async () => {
    const { user, net } = settingsApp();
    net.routes['POST /api/users/password'] = { status: 204 };
    await user.type(await screen.findByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords differ.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(net.requests('POST', '/api/users/password')[0].body).toEqual({ current_password: 'old-secret', new_password: 'new-secret-1' });
  });

  it("shows the server's detail when the current password is wrong", async () => {
    const { user, net } = settingsApp();
    net.routes['POST /api/users/password'] = problem(422, 'The current password is not right.', 'validation_failed');
    await user.type(await screen.findByLabelText('Current password'), 'nope');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
  });

  it('deletes the account after a confirmation, with the password', async () => {
    const { user, net } = settingsApp();
    net.routes['DELETE /api/users/me'] = () => {
      net.routes['GET /api/users/profile'] = problem(401, 'Please sign in.', 'unauthorized');
      return { status: 204 };
    };
    const section = (await screen.findByRole('heading', { name: 'Delete account' })).closest('section')!;
    await user.type(within(section).getByLabelText('Password'), 'secret-pass');
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    expect(net.requests('DELETE', '/api/users/me')).toHaveLength(0);
    await user.click(within(section).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(net.requests('DELETE', '/api/users/me')[0].body).toEqual({ password: 'secret-pass' });
    expect(screen.getByRole('link', { name: "Sign up — it's free" })).toBeInTheDocument();
  });
});

describe('subscription management', () => {
  it('offers the checkout form (POST /checkout with _csrf) while inactive', async () => {
    settingsApp();
    const section = (await screen.findByRole('heading', { name: 'Subscription' })).closest('section')!;
    const form = within(section).getByRole('button', { name: 'Subscribe' }).closest('form')!;
    expect(form).toHaveAttribute('action', '/checkout');
    expect(form).toHaveAttribute('method', 'post');
    await waitFor(() => expect(form.querySelector('input[name="_csrf"]')).toHaveValue('test-csrf-token'));
  });

  it("links subscribers to 'Manage subscription'", async () => {
    settingsApp(profileFixture({ subscription_status: 'active' }));
    expect(await screen.findByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/billing/portal');
  });

  it('acts unsubscribed with ?qa_unsubscribed', async () => {
    settingsApp(profileFixture({ subscription_status: 'active' }), '/settings?qa_unsubscribed');
    const section = (await screen.findByRole('heading', { name: 'Subscription' })).closest('section')!;
    expect(within(section).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });
});
