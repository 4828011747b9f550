// Signed-in home: the dashboard (per course what is due, what is new, the level's progress).
import { CourseDashboardPage } from '../../features/dashboard/course-dashboard';
import { QueuedWordsPanel } from '../../features/read/queued-words-panel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

export function HomeRoute() {
  const { profile } = useShell();
  useDocumentTitle('Courses');
  return (
    <>
      <CourseDashboardPage name={profile.name ?? ''} levels={profile.level} />
      <QueuedWordsPanel />
    </>
  );
}
