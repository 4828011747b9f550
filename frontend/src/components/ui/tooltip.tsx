// A tooltip for a focusable trigger: shown on hover and focus, hidden with Escape, announced via aria-describedby.
import { cloneElement, useId, useState, type ReactElement } from 'react';

export interface TooltipProps {
  text: string;
  /** One focusable element; it receives aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
        }
      }}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className={`tooltip${open ? ' tooltip-open' : ''}`}>
        {text}
      </span>
    </span>
  );
}
