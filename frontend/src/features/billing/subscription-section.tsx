// Subscription management on the settings page, the return from the hosted checkout, and what went wrong on
// the way there (every checkout failure ends here, in the app, with a way back).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { SubscribeForm, SUBSCRIPTIONS_UNAVAILABLE, type BillingProblemState } from '../../components/subscribe-form';
import { ButtonLink } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import type { Profile } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { billingQueries, CHECKOUT_MAX_POLLS, checkGivenUp } from './billing-queries';

const STATUS_TEXT: Record<Profile['subscription_status'], string> = {
  active: 'Your subscription is active: every level and dictionary tab is open.',
  inactive: 'You are on the free plan: level 1 of every course and the first dictionary tab.',
  past_due: 'Your last payment did not go through. Update your payment details to keep your subscription.',
  canceled: 'Your subscription has ended. Subscribe again to reopen levels 2–9.',
};

/** Without payments on this server nothing can be bought or managed here; say only what is true. */
const STATUS_TEXT_WITHOUT_PAYMENTS: Record<Profile['subscription_status'], string> = {
  ...STATUS_TEXT,
  past_due: 'Your last payment did not go through.',
  canceled: 'Your subscription has ended.',
};

export function SubscriptionSection({ profile, subscribed }: { profile: Profile; subscribed: boolean }) {
  const status = subscribed || profile.subscription_status !== 'active' ? profile.subscription_status : 'inactive';
  const manage = status === 'active' || status === 'past_due';
  const payments = profile.payments_available;
  return (
    <section className="panel settings-section" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Subscription</h2>
      <BillingProblem />
      <p>{(payments ? STATUS_TEXT : STATUS_TEXT_WITHOUT_PAYMENTS)[status]}</p>
      {manage ? (
        payments ? (
          <ButtonLink href="/billing/portal" variant="primary">
            Manage subscription
          </ButtonLink>
        ) : null
      ) : (
        <SubscribeForm />
      )}
    </section>
  );
}

const CHECKOUT_FAILED: Record<string, string> = {
  not_configured: `${SUBSCRIPTIONS_UNAVAILABLE} Payments are not configured.`,
  unavailable: 'The payment provider could not be reached. Please try again in a moment.',
};
const PORTAL_FAILED: Record<string, string> = {
  not_configured: 'Payments are not configured on this server, so the subscription cannot be managed here.',
  not_found: 'You have no subscription to manage yet.',
  unavailable: 'The payment provider could not be reached. Please try again in a moment.',
};

/**
 * /settings?checkout_error=<code> (the Subscribe button's fetch failed, or the server sent a browser's form post
 * back) and /settings?portal_error=<code>: what happened, in words, with the way back. The app's own
 * navigation brings the server's message along; a server redirect brings only the code.
 */
function BillingProblem() {
  const [params] = useSearchParams();
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const checkout = params.get('checkout_error');
  const portal = params.get('portal_error');
  const problem = (location.state as Partial<BillingProblemState> | null)?.billingProblem;
  const shown = Boolean(checkout || portal);

  useEffect(() => {
    // The section sits at the bottom of the settings page: bring the explanation into view.
    if (shown) {
      ref.current?.scrollIntoView?.({ block: 'center' });
      ref.current?.focus();
    }
  }, [shown, checkout, portal]);

  if (!shown) return null;
  const title = checkout ? 'The checkout could not be opened.' : 'The subscription settings could not be opened.';
  const detail = problem?.message ?? (checkout ? CHECKOUT_FAILED[checkout] : PORTAL_FAILED[portal!]) ?? 'Something went wrong. Please try again.';
  const from = problem?.from && !problem.from.startsWith('/settings') ? problem.from : null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="notice notice-error billing-problem">
      <p>
        <strong>{title}</strong> {detail}
        {checkout ? ' Nothing was charged.' : ''}
      </p>
      <p className="form-actions">
        {from ? <Link to={from}>Back to where you were</Link> : <Link to="/">Back to the dashboard</Link>}
        <Link to="/settings" replace>
          Dismiss
        </Link>
      </p>
    </div>
  );
}

/** Why the checkout cannot be checked, in words. */
function givenUpMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'not_configured') {
    return 'This payment cannot be checked: payments are not configured on this server. If you were charged, write to help@kioku.app and we will sort it out.';
  }
  if (error instanceof ApiError && error.status === 404) {
    return 'This checkout cannot be found for your account, so it cannot be checked here. If you paid, your subscription is activated as soon as the payment provider confirms it.';
  }
  return `We could not check your payment (${errorMessage(error)}). If you completed it, your subscription is activated as soon as the payment provider confirms it; reload this page in a few minutes.`;
}

/** After checkout the server sends the person to /settings?checkout_session_id=…; wait for the payment to land. */
export function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const options = billingQueries.checkoutStatus(sessionId);
  const check = useQuery(options);
  const status = check.data?.status;

  useEffect(() => {
    if (status === 'complete') void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  }, [status, queryClient]);

  const state = queryClient.getQueryState(options.queryKey);
  const polls = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  let message: string;
  let tone = 'notice-info';
  let done = true;
  if (status === 'complete') {
    message = 'Thank you for subscribing! Every level and dictionary tab is now open.';
    tone = 'notice-success';
  } else if (status === 'expired') {
    message = 'The checkout expired before the payment went through. You can start again whenever you like.';
    tone = 'notice-warning';
  } else if (state && checkGivenUp(state)) {
    message = givenUpMessage(state.error);
    tone = 'notice-warning';
  } else if (polls >= CHECKOUT_MAX_POLLS) {
    message = 'We have not received the payment confirmation yet. It can take a few minutes; reload this page later.';
    tone = 'notice-warning';
  } else if (check.isError) {
    message = `Confirming your payment… (trying again: ${errorMessage(check.error)})`;
    done = false;
  } else {
    message = 'Confirming your payment…';
    done = false;
  }
  return (
    <div role="status" className={`notice ${tone} checkout-return`}>
      <p>{message}</p>
      {done ? (
        <p className="form-actions">
          <Link to="/">Go to the dashboard</Link>
          <Link to="/settings" replace>
            Dismiss
          </Link>
        </p>
      ) : null}
    </div>
  );
}
