// Subscription management on the settings page, and the return from the hosted checkout.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SubscribeForm } from '../../components/subscribe-form';
import { ButtonLink } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import type { Profile } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { billingQueries, CHECKOUT_MAX_POLLS } from './billing-queries';

const STATUS_TEXT: Record<Profile['subscription_status'], string> = {
  active: 'Your subscription is active: every level and dictionary tab is open.',
  inactive: 'You are on the free plan: level 1 of every course and the first dictionary tab.',
  past_due: 'Your last payment did not go through. Update your payment details to keep your subscription.',
  canceled: 'Your subscription has ended. Subscribe again to reopen levels 2–9.',
};

export function SubscriptionSection({ profile, subscribed }: { profile: Profile; subscribed: boolean }) {
  const status = subscribed || profile.subscription_status !== 'active' ? profile.subscription_status : 'inactive';
  const manage = status === 'active' || status === 'past_due';
  return (
    <section className="panel settings-section" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">Subscription</h2>
      <p>{STATUS_TEXT[status]}</p>
      {manage ? (
        <ButtonLink href="/billing/portal" variant="primary">
          Manage subscription
        </ButtonLink>
      ) : (
        <SubscribeForm />
      )}
    </section>
  );
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
  if (status === 'complete') {
    message = 'Thank you for subscribing! Every level and dictionary tab is now open.';
    tone = 'notice-success';
  } else if (status === 'expired') {
    message = 'The checkout expired before the payment went through. You can start again whenever you like.';
    tone = 'notice-warning';
  } else if (polls >= CHECKOUT_MAX_POLLS) {
    message = 'We have not received the payment confirmation yet. It can take a few minutes; reload this page later.';
    tone = 'notice-warning';
  } else if (check.isError && !check.data) {
    message = `Checking your payment… (${errorMessage(check.error)})`;
  } else {
    message = 'Confirming your payment…';
  }
  return (
    <p role="status" className={`notice ${tone}`}>
      {message}
    </p>
  );
}
