import { UpdatesPage } from '../../features/updates/updates-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UpdatesRoute() {
  useDocumentTitle("What's new");
  return (
    <div className="updates-page">
      <h1>What&apos;s new</h1>
      <UpdatesPage />
    </div>
  );
}
