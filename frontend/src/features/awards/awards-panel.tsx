// Awards of a course: all of them on the course page, and a one-time congratulation for each new one.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { relativeTime } from '../../lib/relative-time';
import { readJson, writeJson } from '../../lib/storage';
import { AwardIcon } from './award-badge';
import { awardsQueries, type Award } from './awards-queries';

export const SHOWN_AWARDS_KEY = 'kioku.shownAwards';

const shownId = (course: Course, award: Award) => `${course}:${award.id}`;

export function AwardsPanel({ course }: { course: Course }) {
  const mastery = useQuery(awardsQueries.mastery(course));
  const current = mastery.data?.levels.find((l) => l.level === mastery.data?.level);
  return (
    <section className="panel" aria-labelledby="awards-heading">
      <h2 id="awards-heading">Awards</h2>
      {mastery.isPending ? (
        <p className="loading">Loading...</p>
      ) : mastery.isError ? (
        <div role="alert" className="notice notice-error">
          <p>{errorMessage(mastery.error)}</p>
          <Button size="sm" onClick={() => mastery.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {current ? (
            <p className="muted small">
              Level {current.level}: {current.completed} of {current.total} cards at Intermediate or better.
              {current.available !== undefined && current.available < current.total
                ? ` ${current.available} of the ${current.total} cards are available so far; the level is complete once all of them are.`
                : null}
            </p>
          ) : null}
          <ul className="award-list">
            {mastery.data.awards.map((award) => (
              <li key={award.id} className={`award${award.granted_at ? ' award-granted' : ' award-locked'}`}>
                <AwardIcon award={award} />
                <span className="award-text">
                  <span className="award-name">{award.name}</span>
                  <span className="award-when">{award.granted_at ? `Earned ${relativeTime(award.granted_at).toLowerCase()}` : award.criterion ? `Not earned yet: ${award.criterion}` : 'Not earned yet'}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Congratulates once for each award granted since the last visit; shown ids are remembered in localStorage. */
export function NewAwardNotice({ course }: { course: Course }) {
  const mastery = useQuery(awardsQueries.mastery(course));
  const [shown] = useState(() => new Set(readJson<string[]>(SHOWN_AWARDS_KEY, [])));
  const [current, setCurrent] = useState<Award | null>(null);

  useEffect(() => {
    if (current || !mastery.data) return;
    const fresh = mastery.data.awards.find((a) => a.granted_at && !shown.has(shownId(course, a)));
    if (!fresh) return;
    shown.add(shownId(course, fresh));
    writeJson(SHOWN_AWARDS_KEY, [...shown]);
    setCurrent(fresh);
  }, [mastery.data, current, course, shown]);

  if (!current) return null;
  return (
    <div role="status" className="award-notice" style={current.color ? { borderColor: current.color } : undefined}>
      <AwardIcon award={current} size="lg" />
      <div className="award-notice-text">
        <p className="award-notice-title">New award: {current.name}</p>
        {current.text ? <p>{current.text}</p> : <p>Congratulations!</p>}
      </div>
      <Button size="sm" variant="ghost" onClick={() => setCurrent(null)}>
        Close
      </Button>
    </div>
  );
}
