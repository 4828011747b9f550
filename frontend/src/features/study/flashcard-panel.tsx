// The middle of a study screen: the five panel states of SPEC §4, the card, grading and shortcuts.
// While a card is on screen the panel asks which card follows it, so a grade shows the next card at once and
// the grade itself is saved in the background (retried with its Idempotency-Key); the server's answer is then
// applied over the card on screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SubscribeForm } from '../../components/subscribe-form';
import { Tooltip } from '../../components/ui/tooltip';
import { Button } from '../../components/ui/button';
import { PlayIcon } from '../../components/ui/icons';
import { errorMessage, isApiError } from '../../lib/api';
import { playAudio, prefetchAudio } from '../../lib/audio';
import { isAudioShown, shouldAutoplay } from '../../lib/card-rules';
import { COURSE_INFO, type Course } from '../../lib/courses';
import { isModifiedSpace, shortcutFor, shortcutHint, type ShortcutAction } from '../../lib/keyboard';
import { usePaymentsAvailable, type Settings } from '../../lib/profile';
import { queryKeys } from '../../lib/query-keys';
import { formatWait, gradeOutcome, gradeOutcomes } from '../../lib/relative-time';
import { newIdempotencyKey } from '../../lib/retry';
import { useOnline } from '../../lib/use-online';
import { CardFace } from './card-face';
import { afterGrade, batchSize, overviewOf, predictAfterGrade, progressLabel, reconcile, startReviews, startSession, wantsNewCard, type Session } from './session';
import { SessionSummary, type SessionTally } from './session-summary';
import { postGrade, postUndo, studyQueries, type Flashcard, type Grade, type GradeRequest, type NextCard, type UndoRequest } from './study-queries';

export const GRADES: Array<{ grade: Exclude<Grade, 10>; label: string; key: string }> = [
  { grade: 0, label: "Didn't get it", key: '1' },
  { grade: 3, label: 'Got it, hard', key: '2' },
  { grade: 5, label: 'Got it, easy', key: '3' },
];

export const OFFLINE_MESSAGE = 'You are offline — your answer will be sent when you reconnect';

/** A grade on its way: the session it was given in, and the session shown meanwhile (null: none, waiting). */
interface GradeSubmission {
  request: GradeRequest;
  base: Session;
  predicted: Session | null;
}

/** The next card's sound and picture, fetched while the learner is still on this one. */
function prefetchMedia(card: Flashcard | null | undefined): void {
  if (!card) return;
  prefetchAudio(card.material.audio_url);
  prefetchAudio(card.material.word_audio_url);
  if (card.material.image_url && typeof Image !== 'undefined') new Image().src = card.material.image_url;
}

/** The answer that can still be taken back: the session it was given in, and the card version it made. */
interface LastAnswer {
  base: Session;
  version: number | null | undefined;
}

/** Where a session is: a card can be shown more than once (a failed review comes back). */
function stepOf(session: Session): string {
  return `${session.mode}-${session.position}`;
}

export interface FlashcardPanelProps {
  course: Course;
  settings: Settings;
  subscribed: boolean;
}

export function FlashcardPanel({ course, settings, subscribed }: FlashcardPanelProps) {
  const queryClient = useQueryClient();
  const next = useQuery(studyQueries.flashcard(course));
  const [session, setSession] = useState<Session | null>(null);
  const [finished, setFinished] = useState(false);
  const [levelUp, setLevelUp] = useState<number | null>(null);
  const [retrying, setRetrying] = useState(false);
  const online = useOnline();
  const audioRef = useRef<HTMLAudioElement>(null);
  const wordAudioRef = useRef<HTMLAudioElement>(null);
  const sentenceAudioRef = useRef<HTMLAudioElement>(null);
  const showAnswerRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // Cleared when the server ignores `after` (an older backend): the panel then waits for each grade's answer.
  const followingSupported = useRef(true);
  // A grade given to the card shown ahead while the previous grade is still on its way: sent once that one is
  // recorded, if the server agrees the card comes next (answers are recorded in order, each once).
  const [queued, setQueued] = useState<{ value: Grade; cardId: string } | null>(null);
  // The session's answers so far (for the summary at its end) and the last one, which `u` takes back.
  const [tally, setTally] = useState<SessionTally | null>(null);
  const [lastAnswer, setLastAnswer] = useState<LastAnswer | null>(null);
  // Esc on a new card without a subscription: says why nothing happened, with Subscribe (issue 31).
  const [knownRefused, setKnownRefused] = useState(false);
  const lastAnswerRef = useRef(lastAnswer);
  lastAnswerRef.current = lastAnswer;

  const endSession = () => {
    setSession(null);
    setFinished(true);
    setTally((t) => (t ? { ...t, finishedAt: Date.now() } : t));
    // The card and its buttons are gone: keep keyboard focus inside the panel.
    headingRef.current?.focus();
    void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
  };

  const grade = useMutation({
    mutationFn: ({ request }: GradeSubmission) => postGrade(request, () => setRetrying(true)),
    onSettled: () => setRetrying(false),
    onSuccess: async (response, { request, base, predicted }) => {
      prefetchMedia(response.new_flashcard);
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress(course) });
      setLastAnswer({ base, version: response.flashcard.version });
      setTally((t) => (t ? { ...t, answers: [...t.answers, { card: base.card, grade: request.grade }] } : t));
      if (response.new_level != null) {
        setLevelUp(response.new_level);
        void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      }
      const current = sessionRef.current;
      if (!current) return;
      const fromServer = afterGrade(base, response);
      if (fromServer) {
        const shown = reconcile(current, predicted, fromServer);
        setSession(shown);
        // A grade given to a card the server replaced was about another card: forget it.
        setQueued((q) => (q && q.cardId === shown.card.flashcard_id ? q : null));
        return;
      }
      setQueued(null);
      // The batch ran out of new cards early: go on with the reviews of what was just learned.
      if (base.mode === 'lessons' && response.review_count > 0) {
        try {
          const data = await queryClient.fetchQuery({ ...studyQueries.flashcard(course), staleTime: 0 });
          if (data.flashcard && data.flashcard.attempts > 0) {
            setSession(startReviews(data.flashcard, data.review_count));
            return;
          }
        } catch {
          // Fall through: the overview will show what is due.
        }
      }
      endSession();
    },
    // The answer was not recorded: go back to its card, where the error and "Try again" are shown.
    onError: (_error, { base, predicted }) => {
      setQueued(null);
      if (predicted) setSession(base);
    },
  });

  const undo = useMutation({
    mutationFn: (request: UndoRequest) => postUndo(request),
    onSuccess: (response) => {
      const last = lastAnswerRef.current;
      setLastAnswer(null);
      if (!last) return;
      setTally((t) => (t ? { ...t, answers: t.answers.slice(0, -1), finishedAt: undefined } : t));
      setFinished(false);
      setQueued(null);
      // The same card again, answer side up (the learner has seen it): grade it anew.
      setSession({ ...last.base, card: response.flashcard, flipped: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress(course) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
    },
    // Refused (answered again elsewhere, too old…): the message says why; nothing is left to undo.
    onError: () => setLastAnswer(null),
  });

  const card = session?.card ?? null;
  const audioUrl = card?.material.audio_url ?? null;
  const audioShown = card && session ? isAudioShown({ course, audioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  // The word alone, and a kana card's sentence, follow the same rule as the card's audio (a kanji card does not
  // give its reading away before the flip).
  const wordAudioUrl = card?.material.word_audio_url ?? null;
  const wordAudioShown = card && session ? isAudioShown({ course, audioUrl: wordAudioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  const sentenceAudioUrl = card?.material.sentence_audio_url && card.material.sentence_audio_url !== audioUrl ? card.material.sentence_audio_url : null;
  const sentenceAudioShown = card && session ? isAudioShown({ course, audioUrl: sentenceAudioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  const autoplay = shouldAutoplay({ course, audioAutoplay: settings.audio_autoplay, vocabAudioAutoplay: settings.vocab_audio_autoplay });
  const canKnow = Boolean(subscribed && card && card.attempts === 0);
  const pending = grade.isPending;
  // Saved in the background while the next card is already shown: no "Saving…" then, and that card can be
  // answered at once (the answer waits in `queued`).
  const background = pending && Boolean(grade.variables?.predicted);
  const waiting = (pending && !background) || queued !== null || undo.isPending;
  const canUndo = lastAnswer !== null && !pending && queued === null && !undo.isPending;
  const undoLast = () => {
    const last = lastAnswerRef.current;
    if (!last || !canUndo) return;
    undo.mutate({ id: last.base.card.flashcard_id, version: last.version, fetch_new: wantsNewCard(last.base), idempotencyKey: newIdempotencyKey() });
  };

  // The card after this one, asked once the server has every earlier grade (the answer depends on them).
  const fetchNew = session ? wantsNewCard(session) : false;
  const following = useQuery({
    ...studyQueries.following(course, card?.flashcard_id ?? '', fetchNew, session ? stepOf(session) : ''),
    enabled: Boolean(card) && !pending && !grade.isError && !queued && followingSupported.current,
  });
  const followingCard = following.data && following.data.after === card?.flashcard_id ? following.data : null;

  useEffect(() => {
    if (following.data && following.data.after == null) followingSupported.current = false;
    prefetchMedia(followingCard?.flashcard);
  }, [following.data, followingCard]);

  useEffect(() => {
    if (audioShown && autoplay) playAudio(audioRef.current);
  }, [card?.flashcard_id, audioShown, autoplay]);

  useEffect(() => {
    prefetchAudio(next.data?.flashcard?.material.audio_url);
  }, [next.data]);

  // Keep keyboard focus with the card: the answer when flipped, the flip button for a new card.
  useEffect(() => {
    setKnownRefused(false);
    if (!session) return;
    if (session.flipped) answerRef.current?.focus();
    else showAnswerRef.current?.focus();
  }, [session?.card.flashcard_id, session?.flipped]);

  const begin = () => {
    if (!next.data) return;
    const started = startSession(next.data);
    if (started) {
      setFinished(false);
      setLevelUp(null);
      setLastAnswer(null);
      undo.reset();
      setTally({ startedAt: Date.now(), answers: [] });
      setSession(started);
    }
  };

  const flip = () => setSession((s) => (s ? { ...s, flipped: true } : s));
  const showContext = () => setSession((s) => (s ? { ...s, contextShown: true } : s));

  const submit = (value: Grade) => {
    const current = sessionRef.current;
    if (!current) return;
    if (value === 10 && !canKnow) return;
    if (value !== 10 && !current.flipped) return;
    if (grade.isPending) {
      if (background && !queued) setQueued({ value, cardId: current.card.flashcard_id });
      return;
    }
    const request: GradeRequest = { id: current.card.flashcard_id, grade: value, fetch_new: wantsNewCard(current), version: current.card.version, idempotencyKey: newIdempotencyKey() };
    const predicted = followingCard && followingCard.after === current.card.flashcard_id ? predictAfterGrade(current, value, followingCard) : null;
    // A new answer: the one before it can no longer be taken back.
    setLastAnswer(null);
    undo.reset();
    // Shown in this same event: React renders a discrete input's update before the next frame.
    if (predicted) setSession(predicted);
    grade.mutate({ request, base: current, predicted });
  };

  const submitRef = useRef(submit);
  submitRef.current = submit;

  // The same answer with the same key, on its own card: nothing is shown ahead this time.
  const retry = () => {
    if (grade.variables) grade.mutate({ ...grade.variables, predicted: null });
  };

  // The queued answer goes out once the one before it is recorded and its card is still the one on screen.
  useEffect(() => {
    if (!queued || pending || grade.isError) return;
    setQueued(null);
    if (sessionRef.current?.card.flashcard_id === queued.cardId) submitRef.current(queued.value);
  }, [queued, pending, grade.isError]);

  const reload = () => {
    grade.reset();
    setQueued(null);
    setSession(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
  };

  const actionRef = useRef<(action: ShortcutAction) => boolean>(() => false);
  useEffect(() => {
    actionRef.current = (action) => {
      if (action === 'undo') {
        if (!canUndo) return false;
        undoLast();
        return true;
      }
      if (!session) {
        if (action === 'flip-or-next' && next.data?.flashcard) {
          begin();
          return true;
        }
        return false;
      }
      switch (action) {
        case 'flip-or-next':
          if (!session.flipped) flip();
          return true;
        case 'play-audio':
          if (audioShown) playAudio(audioRef.current);
          return audioShown;
        case 'grade-0':
          submit(0);
          return true;
        case 'grade-3':
          submit(3);
          return true;
        case 'grade-5':
          submit(5);
          return true;
        case 'already-know':
          if (!canKnow) {
            if (!subscribed && session.card.attempts === 0) setKnownRefused(true);
            return false;
          }
          submit(10);
          return true;
      }
    };
  });

  useEffect(() => {
    if (!settings.keyboard_shortcuts) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (action && actionRef.current(action)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [settings.keyboard_shortcuts]);

  const showOffline = !online || (pending && retrying);
  // Why the last answer could not be taken back, on the card or on the summary.
  const undoRefused = undo.isError ? (
    <p role="alert" className="notice notice-error">
      {errorMessage(undo.error)}
    </p>
  ) : null;

  return (
    <section className="panel study-panel" aria-labelledby="study-heading">
      <h2 id="study-heading" ref={headingRef} tabIndex={-1}>
        Study
      </h2>
      {levelUp != null ? (
        <p role="status" className="notice notice-success">
          Level up! You reached level {levelUp} in {COURSE_INFO[course].name}.
        </p>
      ) : null}
      {showOffline ? (
        <p role="status" className="notice notice-warning">
          {OFFLINE_MESSAGE}
        </p>
      ) : null}

      {session && card ? (
        <div className="session">
          <p className="session-progress" aria-live="polite">
            {progressLabel(session)}
          </p>
          <article className={`card${session.flipped ? ' card-flipped' : ''}`} data-card-id={card.flashcard_id} aria-label={session.flipped ? 'Flashcard, answer side' : 'Flashcard, question side'}>
            <div ref={answerRef} tabIndex={-1} className="card-focus">
              <CardFace card={card} flipped={session.flipped} settings={settings} contextShown={session.contextShown} onShowContext={showContext} />
            </div>
          </article>

          <div className="card-actions">
            {!session.flipped ? (
              <Button
                ref={showAnswerRef}
                variant="primary"
                size="lg"
                onClick={flip}
                aria-keyshortcuts="Space"
                // Only the documented keys flip: Space alone (or Enter, as on any button), never Ctrl+Space.
                onKeyDown={(event) => {
                  if (isModifiedSpace(event)) event.preventDefault();
                }}
                onKeyUp={(event) => {
                  if (isModifiedSpace(event)) event.preventDefault();
                }}
              >
                Show answer
              </Button>
            ) : (
              <GradeButtons card={card} waiting={waiting} onGrade={submit} />
            )}
            <div className="card-extra-actions">
              {canKnow ? (
                <Tooltip text={KNOWN_TOOLTIP}>
                  <Button variant="ghost" onClick={() => submit(10)} disabled={waiting} aria-keyshortcuts="Escape">
                    I already know it
                    {card?.next_intervals?.['10'] != null ? <span className="grade-interval"> {gradeOutcome(card.next_intervals['10'], true).text}</span> : null}
                  </Button>
                </Tooltip>
              ) : null}
              {audioShown ? (
                <Button variant="ghost" onClick={() => playAudio(audioRef.current)} aria-keyshortcuts="A">
                  <PlayIcon />
                  Play audio
                </Button>
              ) : null}
              {wordAudioShown ? (
                <Button variant="ghost" onClick={() => playAudio(wordAudioRef.current)}>
                  <PlayIcon />
                  Word
                </Button>
              ) : null}
              {sentenceAudioShown ? (
                <Button variant="ghost" onClick={() => playAudio(sentenceAudioRef.current)}>
                  <PlayIcon />
                  Sentence
                </Button>
              ) : null}
              {lastAnswer ? (
                <Button variant="ghost" onClick={undoLast} disabled={!canUndo} aria-keyshortcuts="U" title="Take your last answer back and grade that card again">
                  Undo last answer
                </Button>
              ) : null}
            </div>
          </div>

          {knownRefused ? (
            <div role="status" className="notice known-refused">
              <p>Skipping a card you already know (Esc) comes with a subscription; without one, every card is learned in its lessons.</p>
              <SubscribeForm size="sm" unavailableText={null} />
            </div>
          ) : null}
          {waiting && !showOffline ? <p className="muted small" aria-live="polite">Saving…</p> : null}
          {grade.isError ? <GradeError error={grade.error} onRetry={retry} onReload={reload} /> : null}
          {undoRefused}
        </div>
      ) : finished && tally && tally.answers.length > 0 ? (
        <>
          <SessionSummary tally={tally} next={next.data} onLearnMore={begin} onUndo={lastAnswer ? undoLast : undefined} undoDisabled={!canUndo} />
          {undoRefused}
        </>
      ) : (
        <Overview query={next} course={course} subscribed={subscribed} finished={finished} onBegin={begin} />
      )}

      {audioUrl ? <audio ref={audioRef} src={audioUrl} preload="auto" hidden data-audio="card" /> : null}
      {wordAudioUrl ? <audio ref={wordAudioRef} src={wordAudioUrl} preload="auto" hidden data-audio="word" /> : null}
      {sentenceAudioUrl ? <audio ref={sentenceAudioRef} src={sentenceAudioUrl} preload="auto" hidden data-audio="sentence" /> : null}

      {settings.keyboard_shortcuts ? (
        <p className="shortcut-hint">
          <span className="visually-hidden">Keyboard shortcuts: </span>
          {shortcutHint(subscribed).map(([keys, what]) => (
            <span key={keys} className="shortcut">
              <kbd>{keys}</kbd> {what}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}

/** The three grades with what each does to the card (its `next_intervals`), said once when all do the same. */
function GradeButtons({ card, waiting, onGrade }: { card: Flashcard; waiting: boolean; onGrade: (grade: Grade) => void }) {
  const outcomes = gradeOutcomes(card.next_intervals, GRADES.map((g) => g.grade), card.attempts === 0);
  return (
    <>
      {outcomes.shared ? <p className="grade-shared-outcome muted small">{outcomes.shared}</p> : null}
      <div role="group" aria-label="How well did you know it?" className="grade-buttons">
        {GRADES.map(({ grade: value, label, key }) => {
          const outcome = outcomes.perGrade[String(value)];
          return (
            <Button key={value} className={`grade grade-${value}`} onClick={() => onGrade(value)} disabled={waiting} aria-keyshortcuts={key} title={outcome?.hint}>
              <span className="grade-label">{label}</span>
              {outcome ? <span className="grade-interval">{outcome.text}</span> : null}
            </Button>
          );
        })}
      </div>
    </>
  );
}

function GradeError({ error, onRetry, onReload }: { error: unknown; onRetry: () => void; onReload: () => void }) {
  if (isApiError(error, 402)) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(error)}</p>
        <SubscribeForm />
      </div>
    );
  }
  if (isApiError(error, 409)) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(error)}</p>
        <Button onClick={onReload}>Reload</Button>
      </div>
    );
  }
  return (
    <div role="alert" className="notice notice-error">
      <p>{errorMessage(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

interface OverviewProps {
  query: { data?: NextCard; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  course: Course;
  subscribed: boolean;
  finished: boolean;
  onBegin: () => void;
}

/** What "I already know it" does (issue 15: known cards never hold the level back). */
export const KNOWN_TOOLTIP = 'Skips the lessons of a card you know: it counts as Intermediate for your level at once and comes back for a check in 29 days.';

function Overview({ query, course, subscribed, finished, onBegin }: OverviewProps) {
  const paymentsAvailable = usePaymentsAvailable();
  if (query.isPending) return <p className="loading">Loading...</p>;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="notice notice-error">
        <p>{errorMessage(query.error)}</p>
        <Button onClick={() => query.refetch()}>Try again</Button>
      </div>
    );
  }
  const data = query.data;
  const state = overviewOf(data);
  const learn = `Learn ${batchSize(data.new_available)} new cards`;
  return (
    <div className={`study-state study-state-${state}`} data-state={state}>
      {finished ? (
        <p role="status" className="notice notice-success">
          Session complete. Well done!
        </p>
      ) : null}
      {state === 'rest' ? (
        <>
          <h3>All caught up</h3>
          <p className="study-state-main">
            {data.user_next_review_in_minutes != null ? `Next reviews in ${formatWait(data.user_next_review_in_minutes)}` : 'No reviews scheduled yet.'}
          </p>
          {!subscribed && paymentsAvailable ? (
            <div className="upsell">
              <p>Subscribe to unlock levels 2–9 of {COURSE_INFO[course].name} and every dictionary tab.</p>
              <SubscribeForm />
            </div>
          ) : null}
        </>
      ) : null}
      {state === 'arrival' ? (
        <>
          <h3>Welcome to {COURSE_INFO[course].name}</h3>
          <p>You learn in batches of 10 new cards, then review them. Each card starts face down: recall, flip, and say how it went.</p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            {learn}
          </Button>
        </>
      ) : null}
      {state === 'lessons' ? (
        <>
          <h3>New cards</h3>
          <p>No reviews are due. {data.new_available > 0 ? `${data.new_available} new cards are waiting.` : 'New cards are waiting.'}</p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            {learn}
          </Button>
        </>
      ) : null}
      {state === 'reviews' ? (
        <>
          <h3>Reviews</h3>
          <p className="study-state-main">
            <strong className="review-count">{data.review_count}</strong> {data.review_count === 1 ? 'review' : 'reviews'} ready
          </p>
          <Button variant="primary" size="lg" onClick={onBegin}>
            Review
          </Button>
        </>
      ) : null}
      <Availability levels={data.incomplete_levels} />
    </div>
  );
}

/** Honest availability: the open levels whose cards are not all written yet say how many can be studied. */
function Availability({ levels }: { levels: NextCard['incomplete_levels'] }) {
  if (!levels.length) return null;
  return (
    <div className="notice availability" role="note">
      {levels.map((l) => (
        <p key={l.level}>
          Level {l.level}: {l.available} of {l.cards} cards available.
        </p>
      ))}
      <p className="muted small">The other cards are still getting their example sentences; they appear here as soon as they are ready, and a level counts as complete only when all of its cards are learned.</p>
    </div>
  );
}
