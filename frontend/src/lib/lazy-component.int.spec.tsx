import { act, render, screen } from '@testing-library/react';
import { lazyComponent } from './lazy-component';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyComponent', () => {
  it('shows the fallback until its chunk is there, then the component with its props', async () => {
    let arrive: (c: typeof Hello) => void = () => undefined;
    const Lazy = lazyComponent(() => new Promise<typeof Hello>((resolve) => (arrive = resolve)), ({ name }) => <p>Loading {name}</p>);
    render(<Lazy name="猫" />);
    expect(screen.getByText('Loading 猫')).toBeInTheDocument();
    await act(async () => arrive(Hello));
    expect(screen.getByText('Hello 猫')).toBeInTheDocument();
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const Lazy = lazyComponent(async () => Hello, () => <p>Loading</p>);
    Lazy.preload();
    await act(async () => undefined);
    render(<Lazy name="犬" />);
    expect(screen.getByText('Hello 犬')).toBeInTheDocument();
  });
});
