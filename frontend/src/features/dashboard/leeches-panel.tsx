// The learner's leeches on the home page (issue 31, item 11): each card failed too often, with its wrong answers,
// and a way to re-learn it (a fresh lesson on its course page). Nothing is shown while there are none.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { COURSE_INFO, isCourse } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { leechesQuery, relearnLeech, type Leech } from './dashboard-queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

export function LeechesPanel() {
  const leeches = useQuery(leechesQuery);
  const list = leeches.data?.leeches ?? [];
  if (!list.length) return null;
  const threshold = leeches.data?.threshold ?? 8;
  return (
    <section className="panel leeches" aria-labelledby="leeches-heading">
      <h2 id="leeches-heading">Leeches ({list.length})</h2>
      <p className="muted small">
        Cards you have missed {threshold} times or more since you learned them. Reviewing them again and again rarely helps: re-learn each one from
        its sentence and its words, then review it.
      </p>
      <ul className="leech-list">
        {list.map((leech) => (
          <LeechItem key={`${leech.course}-${leech.flashcard_id}`} leech={leech} />
        ))}
      </ul>
    </section>
  );
}

function LeechItem({ leech }: { leech: Leech }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One key per click of this card's button: a retry of the same click is recorded once.
  const key = useRef<string | null>(null);
  const course = isCourse(leech.course) ? leech.course : null;
  const relearn = useMutation({
    mutationFn: () => {
      key.current ??= crypto.randomUUID();
      return relearnLeech(leech.flashcard_id, key.current);
    },
    onSuccess: async () => {
      key.current = null;
      await queryClient.invalidateQueries({ queryKey: queryKeys.leeches });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      if (course) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
        navigate(`/${course}?relearn=${encodeURIComponent(leech.flashcard_id)}`);
      }
    },
  });
  const headingId = `leech-${leech.course}-${leech.flashcard_id}`;
  return (
    <li className="leech" aria-labelledby={headingId}>
      <div className="leech-head">
        <h3 id={headingId} className="leech-word">
          <span lang="ja">{leech.prompt}</span>
          {leech.reading ? (
            <span className="leech-reading" lang={leech.course === 'kana' ? 'en' : 'ja'}>
              {leech.reading}
            </span>
          ) : null}
        </h3>
        <Button variant="primary" onClick={() => relearn.mutate()} disabled={relearn.isPending || !course} aria-describedby={headingId}>
          {relearn.isPending ? 'Starting…' : 'Re-learn'}
        </Button>
      </div>
      <p className="leech-meta">
        {leech.meaning ? <span className="leech-meaning">{leech.meaning}</span> : null}
        <span className="muted small">
          {course ? COURSE_INFO[course].name : leech.course} · level {leech.level} · missed {leech.lapses} times · a leech since {when(leech.leech_since)}
        </span>
      </p>
      <details className="leech-history">
        <summary>Wrong answers ({leech.wrong_answers.length})</summary>
        <ol>
          {leech.wrong_answers.map((w, i) => (
            <li key={`${w.at}-${i}`}>
              <time dateTime={w.at}>{when(w.at)}</time>
              {w.typed ? <TypedAnswer typed={w.typed} /> : <span className="muted"> — Didn’t get it</span>}
            </li>
          ))}
        </ol>
      </details>
      {relearn.isError ? (
        <p role="alert" className="notice notice-error small">
          {errorMessage(relearn.error)}
        </p>
      ) : null}
    </li>
  );
}

function TypedAnswer({ typed }: { typed: NonNullable<Leech['wrong_answers'][number]['typed']> }) {
  const parts = [typed.reading, typed.meaning].filter((x): x is string => Boolean(x));
  return (
    <span className="leech-typed">
      {parts.length ? (
        <>
          {' — you typed '}
          {parts.map((p, i) => (
            <span key={i}>
              {i ? ' / ' : ''}
              “<span lang={i === 0 && typed.reading ? 'ja' : 'en'}>{p}</span>”
            </span>
          ))}
        </>
      ) : null}
      {typed.diagnosis ? <span className="leech-diagnosis">: {typed.diagnosis}</span> : null}
    </span>
  );
}
