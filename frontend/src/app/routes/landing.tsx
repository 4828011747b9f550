// What a signed-out visitor sees at /.
import { Link, useLocation } from 'react-router-dom';
import { Table } from '../../components/ui/table';
import { COURSE_INFO, COURSES } from '../../lib/courses';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Landing() {
  useDocumentTitle('');
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <div className="landing">
      {notice ? (
        <p role="status" className="notice notice-success">
          {notice}
        </p>
      ) : null}
      <section className="hero">
        <h1>
          Remember Japanese for good <span lang="ja">記憶</span>
        </h1>
        <p className="lead">
          Kioku teaches kana, the 2,136 jōyō kanji and 10,000 words in real sentences with furigana. Learn 10 new cards at a time; spaced reviews bring each one back just before
          you would forget it.
        </p>
        <div className="hero-actions">
          <Link to="/sign-up" className="btn btn-primary btn-lg">
            Sign up — it&apos;s free
          </Link>
          <Link to="/sign-in" className="btn btn-ghost btn-lg">
            Sign in
          </Link>
        </div>
      </section>
      <section aria-labelledby="courses-heading">
        <h2 id="courses-heading">Six courses</h2>
        <Table
          caption="Courses"
          hideCaption
          rows={COURSES.map((c) => COURSE_INFO[c])}
          rowKey={(c) => c.id}
          columns={[
            { key: 'name', header: 'Course', rowHeader: true, cell: (c) => c.name },
            { key: 'content', header: 'Content', cell: (c) => c.content },
            { key: 'label', header: 'Level', cell: (c) => c.label },
          ]}
        />
        <p className="muted">Level 1 of every course is free. A subscription opens levels 2–9 and the whole dictionary.</p>
        <p className="muted">
          The dictionary data comes from EDRDG&apos;s KANJIDIC2 and EDICT (CC BY-SA). <Link to="/about">Credits and licences</Link>
        </p>
      </section>
    </div>
  );
}
