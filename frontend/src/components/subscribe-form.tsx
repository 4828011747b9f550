// The Subscribe button: POST /checkout with fetch, then off to the hosted checkout page it answers. Offered only
// when the server can sell a subscription (the profile's payments_available).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectUrlAnswerSchema } from '../../../contract/billing';
import { api, csrfToken, errorMessage, isApiError, NetworkError } from '../lib/api';
import { usePaymentsAvailable } from '../lib/profile';
import { queryKeys } from '../lib/query-keys';
import { Button, type ButtonProps } from './ui/button';

export const SUBSCRIPTIONS_UNAVAILABLE = 'Subscriptions are not available on this server.';

/** The location state /settings?checkout_error=… is opened with: the server's own words, and where the person was. */
export interface BillingProblemState {
  billingProblem: { message: string; from: string };
}

/** Full-page navigations out of the app (a seam for tests: jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export interface SubscribeFormProps {
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
  /**
   * What stands in the button's place when this server sells no subscription. Default: nothing for the compact
   * top-bar button (size "sm"), elsewhere (where an upsell was) a sentence that says so.
   */
  unavailableText?: string | null;
}

export function SubscribeForm({ label = 'Subscribe', size = 'md', variant = 'primary', className, unavailableText }: SubscribeFormProps) {
  const available = usePaymentsAvailable();
  const token = useQuery({ queryKey: queryKeys.csrf, queryFn: () => csrfToken(), staleTime: Infinity, retry: false, enabled: available });
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Back from Stripe, the browser may restore this page as it was left (button busy): make it usable again.
    const restored = () => setBusy(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  if (!available) {
    const text = unavailableText === undefined ? (size === 'sm' ? null : SUBSCRIPTIONS_UNAVAILABLE) : unavailableText;
    return text ? <p className={`subscribe-unavailable muted${className ? ` ${className}` : ''}`}>{text}</p> : null;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // The form stays a real form (action, _csrf) for its semantics; the app posts it itself, so a failure is
    // shown in the app and never as the server's raw answer.
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { url } = await api.post('/checkout', undefined, redirectUrlAnswerSchema);
      browser.assign(url);
    } catch (error) {
      setBusy(false);
      const code = isApiError(error) ? (error.code ?? `http_${error.status}`) : error instanceof NetworkError ? 'network' : 'unexpected';
      const state: BillingProblemState = { billingProblem: { message: errorMessage(error), from: `${location.pathname}${location.search}` } };
      navigate(`/settings?checkout_error=${encodeURIComponent(code)}`, { state });
    }
  };

  return (
    <form method="post" action="/checkout" className={`subscribe-form${className ? ` ${className}` : ''}`} onSubmit={submit} aria-busy={busy || undefined}>
      <input type="hidden" name="_csrf" value={token.data ?? ''} readOnly />
      <Button type="submit" variant={variant} size={size} disabled={busy}>
        {label}
      </Button>
    </form>
  );
}
