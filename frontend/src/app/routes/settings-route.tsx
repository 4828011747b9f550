import { useSearchParams } from 'react-router-dom';
import { CheckoutReturn, SubscriptionSection } from '../../features/billing/subscription-section';
import { SettingsPage } from '../../features/settings/settings-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

export function SettingsRoute() {
  const { profile, subscribed } = useShell();
  const [params] = useSearchParams();
  const checkoutSession = params.get('checkout_session_id');
  useDocumentTitle('Settings');
  return (
    <div className="settings">
      <h1>Settings</h1>
      {checkoutSession ? <CheckoutReturn sessionId={checkoutSession} /> : null}
      <SettingsPage />
      <SubscriptionSection profile={profile} subscribed={subscribed} />
    </div>
  );
}
