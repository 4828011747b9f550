// A study screen: description and progress (left), the flashcard panel (middle), forecast and dictionary (right).
import { useSearchParams } from 'react-router-dom';
import { NewAwardNotice, AwardsPanel } from '../../features/awards/awards-panel';
import { DictionaryPanel } from '../../features/dictionary/dictionary-panel';
import { ProgressTable } from '../../features/progress/progress-table';
import { ReviewForecast } from '../../features/progress/review-forecast';
import { FlashcardPanel } from '../../features/study/flashcard-panel';
import { COURSE_INFO, type Course } from '../../lib/courses';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShell } from '../shell';

export function CourseRoute({ course }: { course: Course }) {
  const { profile, subscribed } = useShell();
  const info = COURSE_INFO[course];
  useDocumentTitle(info.name);
  // ?relearn=<flashcard id>: the dashboard's Re-learn of a leech; the panel shows it as a lesson first.
  const [search, setSearch] = useSearchParams();
  const relearn = search.get('relearn');
  return (
    <div className="course-layout">
      <div className="col col-left">
        <section className="panel course-intro" aria-labelledby="course-title">
          <h1 id="course-title">{info.name}</h1>
          <p className="course-label-line">
            {info.label} · {info.content}
          </p>
          <p>{info.description}</p>
        </section>
        <ProgressTable course={course} currentLevel={profile.level[course]} />
        <AwardsPanel course={course} />
      </div>
      <div className="col col-middle">
        <NewAwardNotice course={course} />
        <FlashcardPanel course={course} settings={profile.settings} subscribed={subscribed} relearn={relearn} onRelearnDone={() => setSearch({}, { replace: true })} />
      </div>
      <div className="col col-right">
        <ReviewForecast course={course} />
        <DictionaryPanel course={course} subscribed={subscribed} />
      </div>
    </div>
  );
}
