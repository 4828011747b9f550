// Stroke order of one kanji or kana (KanjiVG paths from GET /api/strokes/:character): every stroke numbered where
// it starts, and a replay that draws them one after the other. Characters without data show nothing at all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { strokesSchema } from '../../../contract/dictionary';
import { api } from '../lib/api';
import { Button } from './ui/button';

export { strokesSchema, type Strokes } from '../../../contract/dictionary';

export const strokeOrderQueries = {
  strokes: (character: string) =>
    queryOptions({
      queryKey: ['strokes', character] as const,
      queryFn: ({ signal }) => api.get(`/api/strokes/${encodeURIComponent(character)}`, strokesSchema, undefined, signal),
      // Stroke order changes only with a deploy (the server caches it for a day too).
      staleTime: 24 * 60 * 60_000,
      gcTime: 60 * 60_000,
    }),
};

/** KanjiVG draws in a 109 × 109 box. */
const BOX = 109;

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi;

/** Where a stroke starts and which way it sets off (its first segment), from its SVG path. */
export function strokeStart(d: string): { x: number; y: number; dx: number; dy: number } | null {
  const m = /^\s*M([^a-zA-Z]*)([a-zA-Z])([^a-zA-Z]*)/.exec(d);
  if (!m) return null;
  const start = (m[1].match(NUMBER) ?? []).map(Number);
  if (start.length < 2) return null;
  const [x, y] = start;
  const args = (m[3].match(NUMBER) ?? []).map(Number);
  const relative = m[2] === m[2].toLowerCase();
  // The first control point gives the direction, unless it sits on the start; then the segment's end does.
  const points: Array<[number, number]> = [];
  for (let i = 0; i + 1 < args.length; i += 2) points.push(relative ? [args[i], args[i + 1]] : [args[i] - x, args[i + 1] - y]);
  const away = points.find(([px, py]) => Math.hypot(px, py) > 1) ?? points[points.length - 1] ?? [1, 0];
  return { x, y, dx: away[0], dy: away[1] };
}

/**
 * Where each stroke's number goes: just behind its starting point (against the way the brush moves), or beside
 * it when an earlier number already sits there, always inside the box. Positions are the centres of the numbers.
 */
export function numberPositions(strokes: readonly string[]): Array<{ x: number; y: number } | null> {
  const placed: Array<{ x: number; y: number }> = [];
  const clamp = (v: number) => Math.min(BOX - 5, Math.max(5, v));
  return strokes.map((d) => {
    const s = strokeStart(d);
    if (!s) return null;
    const len = Math.hypot(s.dx, s.dy) || 1;
    const [ux, uy] = [s.dx / len, s.dy / len];
    const candidates = [
      [-ux, -uy],
      [-ux - uy, -uy + ux],
      [-ux + uy, -uy - ux],
      [-uy, ux],
      [uy, -ux],
    ].map(([a, b]) => ({ x: clamp(s.x + a * 6.5), y: clamp(s.y + b * 6.5) }));
    const free = (c: { x: number; y: number }) => placed.every((p) => Math.hypot(p.x - c.x, p.y - c.y) >= 7);
    const at = candidates.find(free) ?? candidates[0];
    placed.push(at);
    return at;
  });
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface StrokeOrderProps {
  character: string;
  /** Width and height in CSS pixels. */
  size?: number;
  /** Draw the strokes one by one as soon as it appears (the card back's toggle). */
  animateOnShow?: boolean;
  className?: string;
}

export function StrokeOrder({ character, size = 120, animateOnShow = false, className }: StrokeOrderProps) {
  const query = useQuery(strokeOrderQueries.strokes(character));
  const reduced = prefersReducedMotion();
  // Each replay remounts the drawing, which restarts the CSS animation from the first stroke.
  const [run, setRun] = useState(animateOnShow && !reduced ? 1 : 0);
  if (query.isPending) return <div className={['stroke-order', 'stroke-order-pending', className].filter(Boolean).join(' ')} style={{ width: size, height: size }} aria-hidden="true" />;
  // No stroke data (404) or no answer: the rest of the panel says enough; no error noise here.
  if (query.isError || query.data.strokes.length === 0) return null;
  const strokes = query.data.strokes;
  const count = strokes.length;
  const numbers = numberPositions(strokes);
  return (
    <figure className={['stroke-order', className].filter(Boolean).join(' ')}>
      <svg
        key={run}
        className={`stroke-order-svg${run > 0 ? ' stroke-order-play' : ''}`}
        viewBox={`0 0 ${BOX} ${BOX}`}
        width={size}
        height={size}
        role="img"
        aria-label={`Stroke order of ${character}: ${count} ${count === 1 ? 'stroke' : 'strokes'}`}
      >
        <g className="stroke-grid" aria-hidden="true">
          <line x1={BOX / 2} y1="0" x2={BOX / 2} y2={BOX} />
          <line x1="0" y1={BOX / 2} x2={BOX} y2={BOX / 2} />
        </g>
        <g className="stroke-ghost" aria-hidden="true">
          {strokes.map((d, i) => (
            <path key={i} d={d} />
          ))}
        </g>
        <g className="stroke-ink" aria-hidden="true">
          {strokes.map((d, i) => (
            <path key={i} d={d} pathLength={1} style={{ '--i': i } as CSSProperties} />
          ))}
        </g>
        <g className="stroke-numbers" aria-hidden="true">
          {numbers.map((at, i) =>
            at ? (
              <text key={i} x={at.x} y={at.y} textAnchor="middle" dominantBaseline="central" style={{ '--i': i } as CSSProperties}>
                {i + 1}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      {!reduced ? (
        <figcaption>
          <Button size="sm" variant="ghost" className="stroke-replay" onClick={() => setRun((r) => r + 1)} aria-label={`Replay the stroke order of ${character}`}>
            <span aria-hidden="true">↻ </span>Replay
          </Button>
        </figcaption>
      ) : null}
    </figure>
  );
}
