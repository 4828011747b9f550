import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { profileFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render';

it("lists what's new, marks it read and clears the badge", async () => {
  let unread = 3;
  const net = mockFetch({
    'GET /api/users/profile': () => ({ body: profileFixture({ updates_unread: unread }) }),
    'POST /api/users/updates_read': () => {
      unread = 0;
      return { body: { updates_unread: 0 } };
    },
  });
  renderApp('/updates');
  expect(await screen.findByRole('heading', { name: "What's new", level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'The vocab course is in beta' })).toBeInTheDocument();
  expect(screen.getByText(/Almost 10,000 words in sentence context, over 9 levels/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Intermediate cards hide the sentence context at first' })).toBeInTheDocument();
  expect(screen.getByText(/never drops back to Learning/)).toBeInTheDocument();
  expect(screen.getByText(/I already know it/)).toBeInTheDocument();
  await waitFor(() => expect(net.requests('POST', '/api/users/updates_read')).toHaveLength(1));
  await waitFor(() => expect(screen.getByRole('link', { name: /What's new/ })).toHaveAccessibleName("What's new"));
});
