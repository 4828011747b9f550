import type { ReactElement } from 'react';
import { MedalIcon, RibbonIcon, StarIcon, TrophyIcon } from '../../components/ui/icons';
import type { Award } from './awards-queries';

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\u{FE0F}]/u;
const MEDAL_RANKS = ['Gold', 'Silver', 'Bronze'];

export type AwardShape = { kind: 'ribbon' } | { kind: 'trophy' } | { kind: 'medal'; rank?: 1 | 2 | 3 } | { kind: 'star' };

// The emoji the API sends as `icon`, written as escapes: no emoji glyph in the app's source (boundaries.unit.spec.ts).
const RIBBONS = ['\u{1F397}', '\u{1F380}', '\u{1F3F5}']; // reminder ribbon, ribbon, rosette
const TROPHY = '\u{1F3C6}';
const RANKED_MEDALS = ['\u{1F947}', '\u{1F948}', '\u{1F949}']; // 1st, 2nd, 3rd place medals
const MEDALS = ['\u{1F3C5}', '\u{1F396}']; // sports medal, military medal

/**
 * Which icon draws an award. The API's `icon` is an emoji (ribbon, trophy, gold/silver/bronze medal): it names
 * the shape and the app draws it (an emoji font is not everywhere). An icon the app does not know falls back on
 * the award's name (… Ribbon, … Trophy, Gold Medal), then on a star.
 */
export function awardShape(award: Pick<Award, 'icon' | 'name'>): AwardShape {
  const icon = (award.icon ?? '').replace(/\u{FE0F}/gu, '').trim();
  if (RIBBONS.includes(icon)) return { kind: 'ribbon' };
  if (icon === TROPHY) return { kind: 'trophy' };
  const ranked = RANKED_MEDALS.indexOf(icon);
  if (ranked !== -1) return { kind: 'medal', rank: (ranked + 1) as 1 | 2 | 3 };
  if (MEDALS.includes(icon)) return { kind: 'medal' };
  const name = award.name.toLowerCase();
  if (name.includes('ribbon')) return { kind: 'ribbon' };
  if (name.includes('trophy') || name.includes('cup')) return { kind: 'trophy' };
  if (name.includes('medal')) {
    const rank = MEDAL_RANKS.findIndex((r) => name.includes(r.toLowerCase()));
    return rank === -1 ? { kind: 'medal' } : { kind: 'medal', rank: (rank + 1) as 1 | 2 | 3 };
  }
  return { kind: 'star' };
}

/** The icon's accessible label: "Ribbon", "Trophy", "Gold medal", "Award". */
export function awardShapeLabel(shape: AwardShape): string {
  switch (shape.kind) {
    case 'ribbon':
      return 'Ribbon';
    case 'trophy':
      return 'Trophy';
    case 'medal':
      return shape.rank ? `${MEDAL_RANKS[shape.rank - 1]} medal` : 'Medal';
    case 'star':
      return 'Award';
  }
}

function ShapeIcon({ shape }: { shape: AwardShape }): ReactElement {
  const label = awardShapeLabel(shape);
  switch (shape.kind) {
    case 'ribbon':
      return <RibbonIcon label={label} />;
    case 'trophy':
      return <TrophyIcon label={label} />;
    case 'medal':
      return <MedalIcon label={label} rank={shape.rank} />;
    case 'star':
      return <StarIcon label={label} />;
  }
}

/**
 * The award's icon on its colour: an image when the API gives a URL, a short text when it gives one (not an
 * emoji), otherwise an SVG icon chosen by awardShape.
 */
export function AwardIcon({ award, size = 'md' }: { award: Award; size?: 'md' | 'lg' }) {
  const color = award.color && SAFE_COLOR.test(award.color.trim()) ? award.color.trim() : undefined;
  const icon = award.icon?.trim() ?? '';
  const isUrl = /^(https?:\/\/|\/)/.test(icon);
  const isText = Boolean(icon) && !isUrl && !EMOJI.test(icon);
  return (
    <span className={`award-icon award-icon-${size}`} style={color ? { borderColor: color, color } : undefined}>
      {isUrl ? <img src={icon} alt={awardShapeLabel(awardShape({ icon: null, name: award.name }))} /> : isText ? <span>{icon}</span> : <ShapeIcon shape={awardShape(award)} />}
    </span>
  );
}
