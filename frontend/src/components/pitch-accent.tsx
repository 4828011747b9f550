// A reading with its pitch accent drawn the way Japanese dictionaries do: a line over the high morae and a hook
// down where the pitch falls. The drawing is hidden from screen readers, which hear the reading and where it falls.
import { describePitch, pitchPattern, splitMorae } from '../lib/pitch';

export interface PitchAccentProps {
  /** The reading in kana. */
  reading: string;
  /** Downstep positions (0 = flat), the usual one first. */
  pitch: readonly number[];
  /** Draw every accepted accent (the dictionary) or only the usual one (the card). */
  all?: boolean;
  className?: string;
}

export function PitchAccent({ reading, pitch, all = false, className }: PitchAccentProps) {
  const shown = all ? pitch : pitch.slice(0, 1);
  if (!reading || shown.length === 0) return null;
  return (
    <span className={['pitch-group', className].filter(Boolean).join(' ')}>
      {shown.map((downstep, i) => (
        <span key={`${downstep}-${i}`} className="pitch-alt">
          {i > 0 ? <span className="pitch-or">or</span> : null}
          <PitchLine reading={reading} downstep={downstep} />
        </span>
      ))}
    </span>
  );
}

function PitchLine({ reading, downstep }: { reading: string; downstep: number }) {
  const morae = splitMorae(reading);
  const { high, drop, particleHigh } = pitchPattern(morae.length, downstep);
  const said = describePitch(drop);
  return (
    <span className="pitch" role="img" aria-label={`${reading}, pitch: ${said}`} title={`Pitch: ${said}`}>
      <span aria-hidden="true" lang="ja" className="pitch-morae">
        {morae.map((mora, i) => (
          <span key={i} className={['mora', high[i] ? 'mora-high' : 'mora-low', drop === i + 1 ? 'mora-drop' : ''].filter(Boolean).join(' ')}>
            {mora}
          </span>
        ))}
        {/* The following particle (が): high after a flat word, so the line runs on past the word. */}
        {particleHigh ? <span className="mora-particle" /> : null}
      </span>
    </span>
  );
}
