import { render, screen } from '@testing-library/react';
import { PitchAccent } from './pitch-accent';

/** The drawn morae of one pitch line as text: H/L per mora, ꜜ after the accented one, + for a high particle. */
function drawn(line: HTMLElement): string {
  const morae = [...line.querySelectorAll('.mora')].map(
    (m) => `${m.textContent}${m.classList.contains('mora-high') ? 'H' : 'L'}${m.classList.contains('mora-drop') ? 'ꜜ' : ''}`,
  );
  return morae.join(' ') + (line.querySelector('.mora-particle') ? ' +' : '');
}

describe('PitchAccent', () => {
  it('draws たべる with the line over べ and the fall after it, and says so', () => {
    render(<PitchAccent reading="たべる" pitch={[2]} />);
    const line = screen.getByRole('img', { name: 'たべる, pitch: falls after the 2nd mora' });
    expect(drawn(line)).toBe('たL べHꜜ るL');
    expect(line).toHaveAttribute('title', 'Pitch: falls after the 2nd mora');
  });

  it('tells 箸, 橋 and 端 apart (はし 1, 2 and flat)', () => {
    const { unmount } = render(<PitchAccent reading="はし" pitch={[1]} />);
    expect(drawn(screen.getByRole('img'))).toBe('はHꜜ しL');
    unmount();
    const second = render(<PitchAccent reading="はし" pitch={[2]} />);
    expect(drawn(screen.getByRole('img'))).toBe('はL しHꜜ');
    second.unmount();
    render(<PitchAccent reading="はし" pitch={[0]} />);
    const flat = screen.getByRole('img', { name: 'はし, pitch: flat' });
    // No fall inside the word, and the line runs on over the particle.
    expect(drawn(flat)).toBe('はL しH +');
  });

  it('puts small ゃゅょ with their mora and counts っ as one', () => {
    render(<PitchAccent reading="きょうしつ" pitch={[0]} />);
    expect(drawn(screen.getByRole('img'))).toBe('きょL うH しH つH +');
  });

  it('hides the drawing from screen readers, which hear the label only', () => {
    render(<PitchAccent reading="あめ" pitch={[1]} />);
    const img = screen.getByRole('img', { name: 'あめ, pitch: falls after the 1st mora' });
    expect(img.querySelector('[aria-hidden="true"]')).toContainElement(img.querySelector('.mora') as HTMLElement);
  });

  it('draws only the usual accent unless asked for all of them', () => {
    const { unmount } = render(<PitchAccent reading="いちご" pitch={[0, 2]} />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img')).toHaveAccessibleName('いちご, pitch: flat');
    unmount();
    render(<PitchAccent reading="いちご" pitch={[0, 2]} all />);
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['いちご, pitch: flat', 'いちご, pitch: falls after the 2nd mora']);
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('draws nothing without accent data', () => {
    const { container } = render(<PitchAccent reading="たべる" pitch={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
