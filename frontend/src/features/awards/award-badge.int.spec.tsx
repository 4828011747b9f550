import { render, screen } from '@testing-library/react';
import { AwardIcon, awardShape } from './award-badge';
import type { Award } from './awards-queries';

// The awards as the API serves them (backend/src/study/awards.ts): the icon is an emoji, with or without U+FE0F.
const api = (name: string, icon: string | null, color = '#4caf50'): Award => ({ id: name, name, text: null, criterion: null, icon, color, granted_at: null });
const AWARDS = [
  api('Participation Ribbon', '\u{1F397}\u{FE0F}'),
  api('Champion Trophy', '\u{1F3C6}', '#fb8c00'),
  api('Bronze Medal', '\u{1F949}', '#cd7f32'),
  api('Silver Medal', '\u{1F948}', '#a8a9ad'),
  api('Gold Medal', '\u{1F947}', '#d4af37'),
];
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}]/u;

describe('AwardIcon', () => {
  it('draws every award of the API as a labelled SVG icon, never as an emoji glyph', () => {
    const { container } = render(
      <ul>
        {AWARDS.map((award) => (
          <li key={award.id}>
            <AwardIcon award={award} />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole('img').map((icon) => [icon.tagName.toLowerCase(), icon.getAttribute('aria-label')])).toEqual([
      ['svg', 'Ribbon'],
      ['svg', 'Trophy'],
      ['svg', 'Bronze medal'],
      ['svg', 'Silver medal'],
      ['svg', 'Gold medal'],
    ]);
    expect(container.textContent).not.toMatch(EMOJI);
    // The medals carry their rank.
    expect(screen.getByRole('img', { name: 'Gold medal' })).toHaveTextContent('1');
    expect(screen.getByRole('img', { name: 'Bronze medal' })).toHaveTextContent('3');
  });

  it('keeps the award colour on the icon', () => {
    const { container } = render(<AwardIcon award={AWARDS[1]} />);
    expect(container.querySelector('.award-icon')).toHaveStyle({ color: '#fb8c00' });
  });

  it('falls back on the name for an unknown emoji or no icon, then on a star', () => {
    expect(awardShape({ name: 'Kanji Ribbon', icon: '\u{1F31F}' })).toEqual({ kind: 'ribbon' });
    expect(awardShape({ name: 'Gold Medal', icon: null })).toEqual({ kind: 'medal', rank: 1 });
    expect(awardShape({ name: 'Streak', icon: null })).toEqual({ kind: 'star' });
    render(<AwardIcon award={api('Streak', '\u{1F525}')} />);
    expect(screen.getByRole('img', { name: 'Award' }).tagName.toLowerCase()).toBe('svg');
  });

  it('shows an image URL or a short text icon as given', () => {
    const { container } = render(
      <>
        <AwardIcon award={api('Gold Medal', '/media/awards/gold.png')} />
        <AwardIcon award={api('N5', 'N5')} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Gold medal' })).toHaveAttribute('src', '/media/awards/gold.png');
    expect(container).toHaveTextContent('N5');
  });
});
