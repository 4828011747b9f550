import type { Award } from './awards-queries';

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** The award's icon (an emoji, a short text or an image URL) on its colour. */
export function AwardIcon({ award, size = 'md' }: { award: Award; size?: 'md' | 'lg' }) {
  const color = award.color && SAFE_COLOR.test(award.color.trim()) ? award.color.trim() : undefined;
  const icon = award.icon ?? '★';
  const isUrl = /^(https?:\/\/|\/)/.test(icon);
  return (
    <span className={`award-icon award-icon-${size}`} style={color ? { borderColor: color, color } : undefined} aria-hidden="true">
      {isUrl ? <img src={icon} alt="" /> : icon}
    </span>
  );
}
