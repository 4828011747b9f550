// Re-learning a leech (issue 31, item 11): the card as a fresh lesson, its answer side at once (the sentence with
// furigana, its translation and the word breakdown), before the learner reviews it. The dashboard's Re-learn button
// has already recorded the re-learn (the card is due now, its lapse count started again); this only shows it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import type { Settings } from '../../lib/profile';
import { CardFace } from './card-face';
import { studyQueries } from './study-queries';

export interface RelearnLessonProps {
  course: Course;
  /** the leech's flashcard id */
  id: string;
  settings: Settings;
  /** back to the panel, where the card waits among the reviews due */
  onDone: () => void;
}

export function RelearnLesson({ course, id, settings, onDone }: RelearnLessonProps) {
  const card = useQuery(studyQueries.card(course, id));
  const doneRef = useRef<HTMLButtonElement>(null);
  const flashcard = card.data?.flashcard ?? null;
  useEffect(() => {
    if (flashcard) doneRef.current?.focus();
  }, [flashcard]);
  if (card.isPending) return <p className="muted">Loading...</p>;
  if (!flashcard) {
    return (
      <div className="relearn" data-state="relearn">
        <p role="alert" className="notice notice-error">
          {card.isError ? errorMessage(card.error) : 'This card cannot be shown.'}
        </p>
        <Button onClick={onDone}>Back to studying</Button>
      </div>
    );
  }
  return (
    <div className="relearn session" data-state="relearn">
      <p className="session-progress">Re-learn</p>
      <p className="relearn-intro">
        Take a fresh look at this card: read the sentence aloud, go through its words, and make up a picture or a story that links the word to its
        meaning. It is due now: it comes back with your reviews.
      </p>
      <article className="card card-flipped" data-card-id={flashcard.flashcard_id} aria-label="Flashcard to re-learn, answer side">
        <div className="card-focus">
          <CardFace card={flashcard} flipped settings={settings} contextShown onShowContext={() => undefined} />
        </div>
      </article>
      <div className="card-actions">
        <Button ref={doneRef} variant="primary" size="lg" onClick={onDone}>
          Done: back to studying
        </Button>
      </div>
    </div>
  );
}
