// The dashboard's "From your reading" (issue 32): words queued from texts that still wait for their lesson, undoable.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { useKeyedWrite } from '../../lib/action-key';
import { COURSE_INFO, isCourse } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { readApi, readKeys, readQueries } from './read-queries';

export default function QueuedWordsPanel() {
  const queryClient = useQueryClient();
  const queues = useQuery(readQueries.queues());
  const undoWrite = useKeyedWrite(readApi.undo);
  const undo = useMutation({
    mutationFn: undoWrite,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readKeys.queues });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      // The next lesson of the queue's courses changes back.
      void queryClient.invalidateQueries({ queryKey: ['study'] });
    },
  });
  const list = queues.data?.queues ?? [];
  if (!list.length) return null;
  return (
    <section className="queued-words" aria-labelledby="queued-words-heading">
      <h2 id="queued-words-heading">From your reading</h2>
      <ul>
        {list.map((q) => {
          const courses = [...new Set(q.waiting.map((w) => (isCourse(w.course) ? COURSE_INFO[w.course].name : w.course)))];
          return (
            <li key={q.id}>
              <p>
                <strong>{q.waiting.length}</strong> {q.waiting.length === 1 ? 'word comes' : 'words come'} first in your next lessons of {courses.join(' and ')}
                {q.text_title ? (
                  <>
                    , from <span lang="ja">{q.text_title}</span>
                  </>
                ) : null}
                {q.learned ? ` (${q.learned} learned already)` : ''}:{' '}
                <span lang="ja">{q.waiting.slice(0, 12).map((w) => w.word).join('、')}</span>
                {q.waiting.length > 12 ? '…' : ''}
              </p>
              <Button size="sm" variant="ghost" disabled={undo.isPending} onClick={() => undo.mutate(q.id)}>
                Undo
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="muted small">
        <Link to="/read">Read another text</Link>
      </p>
    </section>
  );
}
