// The account menu of the top bar: a disclosure with the email, Subscribe (for a free learner), Read a text, Settings,
// Help and Logout.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { browser, SubscribeForm } from '../components/subscribe-form';
import { authApi } from '../features/auth/auth-api';

export const HELP_EMAIL = 'help@kioku.app';

export function UserMenu({ email, name, subscribed = true }: { email: string; name?: string | null; subscribed?: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  // Logout POSTs with the CSRF header, then loads / afresh; if that fails, the "Sign out?" page says why and retries.
  const signOut = useMutation({ mutationFn: authApi.signOut, onSuccess: () => browser.assign('/'), onError: () => navigate('/users/sign_out') });
  const logout = (event: ReactMouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle button) opens the "Sign out?" page at the link's address.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    signOut.mutate();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const initial = (name || email).trim().charAt(0).toUpperCase() || '?';
  return (
    <div
      className="user-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // Handled here, so the study shortcut for Esc does not fire as well.
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      {/* Named by aria-label: at phone width the "Account" text is hidden, and the initial is decoration. */}
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="user-menu-label">Account</span>
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!open}>
        <p className="user-menu-email">{email}</p>
        {/* Always reachable here: on a phone the top bar has no room for its Subscribe (issue 31). */}
        {!subscribed ? <SubscribeForm size="sm" className="user-menu-subscribe" /> : null}
        <ul>
          {/* The bar's Read link has no room on a phone; here it is always at hand. */}
          <li>
            <Link to="/read" onClick={() => setOpen(false)}>
              Read a text
            </Link>
          </li>
          <li>
            <Link to="/settings" onClick={() => setOpen(false)}>
              Settings
            </Link>
          </li>
          <li>
            <a href={`mailto:${HELP_EMAIL}`}>Help</a>
          </li>
          <li>
            <a href="/users/sign_out" onClick={logout}>
              Logout
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
