// The signed-in home page: per course what is due now, what is new, when the next reviews come, the level and how
// far the next one is; a first visit says where to start.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { VacationNotice } from '../../components/vacation-notice';
import { COURSE_INFO, COURSES, MAX_LEVEL, type Course } from '../../lib/courses';
import { lazyComponent } from '../../lib/lazy-component';
import { profileQuery } from '../../lib/profile';
import { formatWait } from '../../lib/relative-time';
import { dashboardQuery, type CourseDashboard } from './dashboard-queries';

// Shown only to a learner with leeches, and after the counts: a chunk of its own (issue 32, entry JS ≤ 130 KB).
const LeechesPanel = lazyComponent(() => import('./leeches-panel').then((m) => m.LeechesPanel));

export interface DashboardProps {
  name: string;
  /** the profile's levels: shown while the dashboard loads, or if it cannot be loaded */
  levels: Record<Course, number>;
}

export function CourseDashboardPage({ name, levels }: DashboardProps) {
  const dashboard = useQuery(dashboardQuery);
  const data = dashboard.data;
  const heading = !data ? 'Your courses' : data.first_visit ? `Welcome to Kioku${name ? `, ${name}` : ''}` : name ? `Welcome back, ${name}` : 'Your courses';
  const byCourse = new Map(data?.courses.map((c) => [c.course, c]));
  const due = data?.courses.reduce((a, c) => a + c.review_count, 0) ?? 0;
  const onVacation = Boolean(useQuery({ ...profileQuery, enabled: false }).data?.vacation);
  return (
    <div className="home">
      <h1>{heading}</h1>
      <VacationNotice />
      {data?.first_visit ? <StartHere /> : null}
      {data && !data.first_visit && !onVacation ? (
        <p className="home-summary">{due > 0 ? `${due} ${due === 1 ? 'review is' : 'reviews are'} waiting for you.` : 'No reviews are due right now.'}</p>
      ) : null}
      {dashboard.isError ? <p className="muted small">The counts could not be loaded; your levels are shown.</p> : null}
      <ul className="course-list">
        {COURSES.map((course) => (
          <CourseCard key={course} course={course} level={byCourse.get(course)?.level ?? levels[course]} counts={byCourse.get(course)} />
        ))}
      </ul>
      <LeechesPanel />
    </div>
  );
}

function StartHere() {
  return (
    <section className="start-here notice" aria-labelledby="start-here-heading">
      <h2 id="start-here-heading">Start here</h2>
      <p>
        New to Japanese? Begin with <strong>Hiragana/Katakana</strong>: the two alphabets every word is written with. A batch of 10 cards takes
        about five minutes; you review them right after, and again when they are due.
      </p>
      <p>Already read kana? Start with Vocab I or Kanji I, and mark the cards you know with “I already know it”.</p>
      <Link className={buttonClass('primary', 'lg')} to="/kana">
        Start with Hiragana/Katakana
      </Link>
    </section>
  );
}

function CourseCard({ course, level, counts }: { course: Course; level: number; counts?: CourseDashboard }) {
  const info = COURSE_INFO[course];
  return (
    <li className="course-card">
      <Link to={`/${course}`} className="course-link">
        <span className="course-name">{info.name}</span>
        <span className="course-content">{info.content}</span>
        {counts ? <CourseCounts counts={counts} /> : null}
        <span className="course-meta">
          <span className="course-label">{info.label}</span>
          <span className="course-level">
            Level {level}
            <span className="visually-hidden"> of {MAX_LEVEL}</span>
          </span>
        </span>
        {counts ? <LevelProgress counts={counts} /> : <span className="level-meter" aria-hidden="true"><span style={{ width: `${(level / MAX_LEVEL) * 100}%` }} /></span>}
      </Link>
    </li>
  );
}

function CourseCounts({ counts }: { counts: CourseDashboard }) {
  const next = nextReviewText(counts.next_review_at);
  return (
    <span className="course-counts">
      <span className={`course-count${counts.review_count > 0 ? ' course-count-due' : ''}`}>
        <strong>{counts.review_count}</strong> {counts.review_count === 1 ? 'review' : 'reviews'} due
      </span>
      <span className="course-count">
        <strong>{counts.new_available}</strong> new
      </span>
      {counts.review_count === 0 && next ? <span className="course-next">Next review {next}</span> : null}
      {counts.learned_count > 0 ? <span className="course-next">{counts.forecast_total} due in the next 5 days</span> : null}
    </span>
  );
}

function LevelProgress({ counts }: { counts: CourseDashboard }) {
  const share = counts.level_cards ? counts.level_done / counts.level_cards : 0;
  const last = counts.level >= MAX_LEVEL;
  const text = `${counts.level_done} of ${counts.level_cards} level-${counts.level} cards at Intermediate${last ? '' : ` — level ${counts.level + 1} opens when all are`}`;
  return (
    <>
      <span className="level-meter" role="progressbar" aria-valuemin={0} aria-valuemax={counts.level_cards} aria-valuenow={counts.level_done} aria-label={text}>
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span className="course-progress-text muted small">{text}</span>
    </>
  );
}

/** "in 3 hours", "in 2 days"; null when nothing is scheduled. */
export function nextReviewText(at: string | null, now: Date = new Date()): string | null {
  if (!at) return null;
  const minutes = (new Date(at).getTime() - now.getTime()) / 60_000;
  return minutes <= 0 ? 'now' : `in ${formatWait(minutes)}`;
}
