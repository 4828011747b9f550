// WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LockIcon } from './icons';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Shown with a lock; still selectable so the panel can explain how to open it. */
  locked?: boolean;
}

export interface TabsProps {
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  children: ReactNode;
  className?: string;
}

export function Tabs({ label, tabs, selected, onSelect, children, className }: TabsProps) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === selected),
  );

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next].id);
    refs.current[next]?.focus();
  };

  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={move}>
        {tabs.map((tab, i) => {
          const active = i === index;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={`tab${tab.locked ? ' tab-locked' : ''}`}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {tab.locked ? <LockIcon className="tab-lock" label="locked" /> : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabs[index] ? tabId(tabs[index].id) : undefined} className="tab-panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
