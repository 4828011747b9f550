import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  const utils = render(
    <Providers client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...utils, queryClient, user };
}

/** The whole learner app at `path`, as the browser would show it. */
export function renderApp(path: string) {
  return renderWithProviders(<AppRoutes />, { path });
}
