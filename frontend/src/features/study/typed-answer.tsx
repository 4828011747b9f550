// Typed answers on the card (issue 31): the box on the question side (romaji turns into kana as it is typed,
// an IME's composition is left alone), the server's verdict on the answer side, and the card's earlier wrong answers.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ChangeEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import type { Course } from '../../lib/courses';
import { relativeTime } from '../../lib/relative-time';
import { convertAsYouType } from '../../lib/romaji';
import { studyQueries, type Flashcard } from './study-queries';
import type { TypedAnswer } from './use-typed-answer';

export interface TypedAnswerFormProps {
  typed: TypedAnswer;
  readingRef: RefObject<HTMLInputElement | null>;
  /** Flip without typing (then the learner grades as usual). */
  onShowAnswer: () => void;
}

/** The question side's answer box: the reading (and a vocab card's meaning), Check, and Show answer. */
export function TypedAnswerForm({ typed, readingRef, onShowAnswer }: TypedAnswerFormProps) {
  const id = useId();
  const meaningRef = useRef<HTMLInputElement>(null);
  const retrying = typed.phase === 'retry';
  // A near miss: the field that was off takes the focus, its text selected for the retry.
  const wrongField = retrying ? typed.result?.diagnosis[0]?.field : undefined;
  useEffect(() => {
    const field = wrongField === 'meaning' ? meaningRef.current : wrongField === 'reading' ? readingRef.current : null;
    field?.focus();
    field?.select();
  }, [wrongField, readingRef]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    typed.check();
  };
  // While an IME composes, or the caret is not at the end, the text is left as it is (converted on Check).
  const onReading = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const composing = (event.nativeEvent as InputEvent).isComposing === true;
    const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
    typed.setReading(composing || !atEnd ? input.value : convertAsYouType(input.value));
  };
  const ready = typed.reading.trim() !== '' && (!typed.ask?.meaning || typed.meaning.trim() !== '');
  // Enter in the reading box goes on to the meaning while it is empty (a phone's "next" key does the same).
  const onReadingKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms an IME's conversion belongs to the IME
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter' && typed.ask?.meaning && typed.meaning.trim() === '' && typed.reading.trim() !== '') {
      event.preventDefault();
      meaningRef.current?.focus();
    }
  };
  // A composition ended (a Japanese IME gives kana, left as they are; a phone keyboard composing latin gives
  // romaji, converted now rather than on Check).
  const onCompositionEnd = (event: { currentTarget: HTMLInputElement }) => {
    const input = event.currentTarget;
    const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
    typed.setReading(atEnd ? convertAsYouType(input.value) : input.value);
  };
  return (
    <form className="typed-answer" onSubmit={submit} aria-label="Your answer" noValidate>
      <div className="typed-fields">
        <div className="typed-field">
          <label htmlFor={`${id}-reading`}>Reading</label>
          <input
            id={`${id}-reading`}
            ref={readingRef}
            className="typed-input"
            lang="ja"
            value={typed.reading}
            onChange={onReading}
            onKeyDown={onReadingKey}
            onCompositionEnd={onCompositionEnd}
            placeholder="romaji or kana"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint={typed.ask?.meaning ? 'next' : 'done'}
            aria-invalid={retrying && typed.result?.diagnosis.some((d) => d.field === 'reading') ? true : undefined}
            aria-describedby={retrying ? `${id}-diagnosis` : undefined}
            readOnly={typed.checking}
          />
        </div>
        {typed.ask?.meaning ? (
          <div className="typed-field">
            <label htmlFor={`${id}-meaning`}>Meaning</label>
            <input
              id={`${id}-meaning`}
              ref={meaningRef}
              className="typed-input"
              lang="en"
              value={typed.meaning}
              onChange={(event) => typed.setMeaning(event.target.value)}
              placeholder="in English"
              autoComplete="off"
              autoCapitalize="none"
              enterKeyHint="done"
              aria-invalid={retrying && typed.result?.diagnosis.some((d) => d.field === 'meaning') ? true : undefined}
              aria-describedby={retrying ? `${id}-diagnosis` : undefined}
              readOnly={typed.checking}
            />
          </div>
        ) : null}
      </div>
      {retrying && typed.result ? (
        <div id={`${id}-diagnosis`} className="typed-diagnosis" role="alert">
          {typed.result.diagnosis.map((d) => (
            <p key={`${d.field}-${d.code}`}>{d.message}</p>
          ))}
          <p className="typed-retry-note">One more try before the answer is shown.</p>
        </div>
      ) : null}
      {typed.error ? (
        <p className="typed-error" role="alert">
          {errorMessage(typed.error)}
        </p>
      ) : null}
      <div className="typed-actions">
        <Button type="submit" variant="primary" size="lg" disabled={typed.checking || !ready}>
          {typed.checking ? 'Checking…' : retrying ? 'Check again' : 'Check'}
        </Button>
        <Button variant="ghost" onClick={onShowAnswer} title="Flip the card without typing, and grade yourself">
          Show answer
        </Button>
      </div>
    </form>
  );
}

/** The answer side's verdict: right or wrong, what was typed, what was wrong. */
export function TypedVerdict({ typed }: { typed: TypedAnswer }) {
  const result = typed.result;
  if (typed.phase !== 'done' || !result || !typed.gradeBody) return null;
  const answer = typed.gradeBody;
  const you = (
    <p className="typed-you">
      You typed <span lang="ja">{answer.reading}</span>
      {answer.meaning ? <> and “{answer.meaning}”</> : null}
      {answer.first_try ? (
        <span className="muted">
          {' '}
          (first try <span lang="ja">{answer.first_try.reading}</span>
          {answer.first_try.meaning && answer.first_try.meaning !== answer.meaning ? <>, “{answer.first_try.meaning}”</> : null})
        </span>
      ) : null}
      .
    </p>
  );
  if (result.verdict === 'correct') {
    return (
      <div className="typed-verdict typed-correct" role="status">
        <p className="typed-verdict-title">{answer.first_try ? 'Correct on the second try' : 'Correct'}</p>
        {you}
      </div>
    );
  }
  return (
    <div className="typed-verdict typed-wrong" role="status">
      <p className="typed-verdict-title">Not quite: this counts as “Didn’t get it”</p>
      {you}
      {result.diagnosis.map((d) => (
        <p key={`${d.field}-${d.code}`} className="typed-diagnosis-line">
          {d.message}
        </p>
      ))}
    </div>
  );
}

/** The card's earlier wrong typed answers, newest first (nothing when it has none). */
export function WrongAnswerHistory({ course, card }: { course: Course; card: Flashcard }) {
  const id = useId();
  const history = useQuery(studyQueries.wrongAnswers(course, card.flashcard_id));
  const answers = history.data?.wrong_answers ?? [];
  if (answers.length === 0) return null;
  return (
    <section className="wrong-answers" aria-labelledby={id}>
      <h3 id={id}>Your earlier wrong answers</h3>
      <ul>
        {answers.map((w, i) => (
          <li key={`${w.at}-${i}`}>
            <time dateTime={w.at} className="muted">
              {relativeTime(w.at)}
            </time>{' '}
            <span lang="ja" className="wrong-answer-text">
              {w.reading || '—'}
            </span>
            {w.meaning ? <> “{w.meaning}”</> : null}
            {w.first_try ? <span className="muted"> (first try)</span> : null}
            {w.diagnosis.length ? <span className="wrong-answer-why">: {w.diagnosis.map((d) => d.message).join(' ')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
