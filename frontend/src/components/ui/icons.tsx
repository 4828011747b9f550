// Small inline SVG icons. Emoji glyphs are not used as icons: without an emoji font (many Linux desktops,
// headless browsers) they render as empty boxes, and their look differs on every system. These draw in
// currentColor at 1em, so they follow the text they sit in.
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** What the icon says, for assistive technology. Without a label the icon is decorative (aria-hidden). */
  label?: string;
}

function Icon({ label, className, children, ...props }: IconProps & { children: ReactNode }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...a11y}
      {...props}
    >
      {children}
    </svg>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

/** The play triangle of audio buttons. */
export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4.5v15L19.5 12z" fill="currentColor" />
    </Icon>
  );
}

/** A warning triangle (register notes: vulgar, derogatory, can be rude). */
export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 2.5 20.5h19z" />
      <path d="M12 10v4.5" />
      <path d="M12 17.5h.01" />
    </Icon>
  );
}

/** A rosette with two tails: the ribbon awards. */
export function RibbonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.6 13.9 7 22l5-3 5 3-1.6-8.1" />
    </Icon>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3" />
      <path d="M17 6h3v1a3 3 0 0 1-3 3" />
      <path d="M12 14v4" />
      <path d="M8 21h8" />
      <path d="M9 18h6v3H9z" />
    </Icon>
  );
}

/** A medal on its strap; `rank` 1–3 is written on it (gold, silver, bronze). */
export function MedalIcon({ rank, ...props }: IconProps & { rank?: number }) {
  return (
    <Icon {...props}>
      <path d="M7.5 2.5 10.5 9" />
      <path d="M16.5 2.5 13.5 9" />
      <circle cx="12" cy="15.5" r="6.5" />
      {rank ? (
        <text x="12" y="15.5" textAnchor="middle" dominantBaseline="central" fontSize="9" fontWeight="700" fill="currentColor" stroke="none">
          {rank}
        </text>
      ) : (
        <path d="m12 12.5 1 2h2l-1.6 1.3.6 2.2-2-1.3-2 1.3.6-2.2L9 14.5h2z" fill="currentColor" strokeWidth={1} />
      )}
    </Icon>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 2.8 2.8 5.8 6.4.9-4.6 4.5 1.1 6.3L12 17.3l-5.7 3 1.1-6.3-4.6-4.5 6.4-.9z" />
    </Icon>
  );
}
