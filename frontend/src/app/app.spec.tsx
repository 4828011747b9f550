import { render, screen } from '@testing-library/react';
import { App } from './app';

it('shows the product name', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: /Kioku/ })).toBeInTheDocument();
});
