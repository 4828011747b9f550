import { screen, waitFor } from '@testing-library/react';
import { mockFetch, problem } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { numberPositions, strokeStart, StrokeOrder } from './stroke-order';

const KA = ['M24.5,40.5c1.5,0.5,4,0.5,6,0.2', 'M55.2,22.8c0.3,1.9,0.5,4.3,0.2,6.7', 'M75.1,33.5c6.3,4.9,10.2,12,11.8,18.3'];
const url = (c: string) => `GET /api/strokes/${encodeURIComponent(c)}`;

function setMotion(reduced: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({ matches: reduced && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }),
  });
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('StrokeOrder', () => {
  it('draws every stroke in order, numbered, and names the character and the count', async () => {
    const net = mockFetch({ [url('か')]: { body: { character: 'か', strokes: KA } } });
    const { container } = renderWithProviders(<StrokeOrder character="か" />);
    expect(await screen.findByRole('img', { name: 'Stroke order of か: 3 strokes' })).toBeInTheDocument();
    const ink = container.querySelectorAll('.stroke-ink path');
    expect([...ink].map((p) => p.getAttribute('d'))).toEqual(KA);
    expect([...ink].every((p) => p.getAttribute('pathLength') === '1')).toBe(true);
    expect([...container.querySelectorAll('.stroke-numbers text')].map((t) => t.textContent)).toEqual(['1', '2', '3']);
    expect(net.requests('GET', `/api/strokes/${encodeURIComponent('か')}`)).toHaveLength(1);
  });

  it('replays the drawing stroke by stroke on request', async () => {
    mockFetch({ [url('か')]: { body: { character: 'か', strokes: KA } } });
    const { container, user } = renderWithProviders(<StrokeOrder character="か" />);
    await screen.findByRole('img');
    // Shown drawn at first: nothing moves until the learner asks.
    expect(container.querySelector('.stroke-order-play')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Replay the stroke order of か' }));
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveClass('stroke-order-play');
    // Each stroke waits for the ones before it.
    expect([...svg.querySelectorAll<SVGPathElement>('.stroke-ink path')].map((p) => p.style.getPropertyValue('--i'))).toEqual(['0', '1', '2']);
    await user.click(screen.getByRole('button', { name: 'Replay the stroke order of か' }));
    expect(container.querySelector('svg')).not.toBe(svg);
  });

  it('starts drawing at once when asked to, unless the learner prefers reduced motion', async () => {
    mockFetch({ [url('語')]: { body: { character: '語', strokes: KA } } });
    const first = renderWithProviders(<StrokeOrder character="語" animateOnShow />);
    await screen.findByRole('img');
    expect(first.container.querySelector('svg')).toHaveClass('stroke-order-play');
    first.unmount();

    setMotion(true);
    const still = renderWithProviders(<StrokeOrder character="語" animateOnShow />);
    await screen.findByRole('img', { name: 'Stroke order of 語: 3 strokes' });
    expect(still.container.querySelector('svg')).not.toHaveClass('stroke-order-play');
    expect(screen.queryByRole('button', { name: /Replay/ })).not.toBeInTheDocument();
  });

  it('shows nothing, and no error, for a character without stroke data', async () => {
    const net = mockFetch({ [url('鬯')]: problem(404, 'There is no stroke order for 鬯.', 'not_found') });
    const { container } = renderWithProviders(<StrokeOrder character="鬯" />);
    await waitFor(() => expect(net.calls).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('strokeStart', () => {
  it('reads the starting point and the first direction of a KanjiVG path, packed numbers included', () => {
    expect(strokeStart('M12.4,33c1.3.3,2.9.7,4.4.5')).toEqual({ x: 12.4, y: 33, dx: 1.3, dy: 0.3 });
    // A first control point on the start says nothing: the segment's end gives the way.
    expect(strokeStart('M26,15.3c.2.1,7.3,5.8,8,8')).toEqual({ x: 26, y: 15.3, dx: 7.3, dy: 5.8 });
    expect(strokeStart('M 10 20 L 50 20')).toEqual({ x: 10, y: 20, dx: 40, dy: 0 });
    expect(strokeStart('c1,2')).toBeNull();
  });
});

describe('numberPositions', () => {
  it('puts a number behind the start of its stroke: left of a stroke going right, above one going down', () => {
    const [right, down] = numberPositions(['M30,50c10,0,20,0,30,0', 'M70,20c0,10,0,20,0,30']);
    expect(right).toEqual({ x: 23.5, y: 50 });
    expect(down).toEqual({ x: 70, y: 13.5 });
  });

  it('moves a number aside when an earlier one sits there, and keeps every number inside the box', () => {
    const positions = numberPositions(['M30,50c10,0,20,0,30,0', 'M31,51c10,0,20,0,30,0', 'M2,2c0,10,0,20,0,30']);
    const [a, b, c] = positions as Array<{ x: number; y: number }>;
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(7);
    expect(c.x).toBeGreaterThanOrEqual(5);
    expect(c.y).toBeGreaterThanOrEqual(5);
    expect(numberPositions(['nonsense'])).toEqual([null]);
  });
});
