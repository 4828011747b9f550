// Signed-in home: the dashboard (per course what is due, what is new, the level's progress).
import { lazy, Suspense } from 'react';
import { CourseDashboardPage } from '../../features/dashboard/course-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

// Words queued from a text (issue 32): a chunk of its own, so the entry bundle does not carry the reader's schemas.
const QueuedWordsPanel = lazy(() => import('../../features/read/queued-words-panel'));

export function HomeRoute() {
  const { profile } = useShell();
  useDocumentTitle('Courses');
  return (
    <>
      <CourseDashboardPage name={profile.name ?? ''} levels={profile.level} />
      <Suspense fallback={null}>
        <QueuedWordsPanel />
      </Suspense>
    </>
  );
}
