// The study session behind the panel (SPEC §4): the card on screen and the queue after it, grading and undo with
// their mutations, and what the learner may do at each moment.
// While a card is on screen the session asks which card follows it, so a grade shows the next card at once and
// the grade itself is saved in the background (retried with its Idempotency-Key); the server's answer is then
// applied over the card on screen.
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { prefetchAudio } from '../../lib/audio';
import type { Course } from '../../lib/courses';
import { queryKeys } from '../../lib/query-keys';
import { newIdempotencyKey } from '../../lib/retry';
import { afterGrade, predictAfterGrade, reconcile, reviewsToServe, startReviews, startSession, wantsNewCard, type Session } from './session';
import type { SessionTally } from './session-summary';
import {
  postGrade,
  postUndo,
  studyQueries,
  type Flashcard,
  type Grade,
  type GradeRequest,
  type GradeResponse,
  type NextCard,
  type TypedAnswerBody,
  type UndoRequest,
} from './study-queries';

/** A grade on its way: the session it was given in, and the session shown meanwhile (null: none, waiting). */
interface GradeSubmission {
  request: GradeRequest;
  base: Session;
  predicted: Session | null;
}

/** The answer that can still be taken back: the session it was given in, and the card version it made. */
interface LastAnswer {
  base: Session;
  version: number | null | undefined;
}

/** What the panel shows and what the learner can do, at one moment of a session. */
export interface StudySession {
  /** The card a session starts with, and the counts the overview shows between sessions. */
  next: UseQueryResult<NextCard>;
  /** The card on screen and where it stands in its session; null between sessions. */
  session: Session | null;
  /** A session has just ended: its summary (or "Session complete") shows. */
  finished: boolean;
  levelUp: number | null;
  tally: SessionTally | null;
  /** There is an answer that `undoLast` may take back (its button shows, enabled when `canUndo`). */
  hasLastAnswer: boolean;
  canUndo: boolean;
  /** "I already know it" is open to this learner for the card on screen. */
  canKnow: boolean;
  /** A grade is on its way and its last try failed on the network (the offline notice says so). */
  retryingGrade: boolean;
  /** The learner waits for the server: the grades are disabled and "Saving…" shows. */
  waiting: boolean;
  gradeFailed: boolean;
  gradeError: unknown;
  undoFailed: boolean;
  undoError: unknown;
  begin: () => void;
  flip: () => void;
  showContext: () => void;
  /** `typed`: the review was answered by typing (the server checks it again and records it). */
  submit: (value: Grade, typed?: TypedAnswerBody) => void;
  retry: () => void;
  reload: () => void;
  undoLast: () => void;
}

/** The next card's sound and picture, fetched while the learner is still on this one. */
function prefetchMedia(card: Flashcard | null | undefined): void {
  if (!card) return;
  prefetchAudio(card.material.audio_url);
  prefetchAudio(card.material.word_audio_url);
  if (card.material.image_url && typeof Image !== 'undefined') new Image().src = card.material.image_url;
}

/** Where a session is: a card can be shown more than once (a failed review comes back). */
function stepOf(session: Session): string {
  return `${session.mode}-${session.position}`;
}

/**
 * The card after the one on screen, asked once the server has every earlier grade (`canAsk`: the answer depends
 * on them); null while it is not known.
 */
function useFollowingCard(course: Course, session: Session | null, canAsk: boolean): NextCard | null {
  const card = session?.card ?? null;
  // Cleared when the server ignores `after` (an older backend): the panel then waits for each grade's answer.
  const followingSupported = useRef(true);
  const fetchNew = session ? wantsNewCard(session) : false;
  const following = useQuery({
    ...studyQueries.following(course, card?.flashcard_id ?? '', fetchNew, session ? stepOf(session) : ''),
    enabled: Boolean(card) && canAsk && followingSupported.current,
  });
  const followingCard = following.data && following.data.after === card?.flashcard_id ? following.data : null;

  useEffect(() => {
    if (following.data && following.data.after == null) followingSupported.current = false;
    prefetchMedia(followingCard?.flashcard);
  }, [following.data, followingCard]);

  return followingCard;
}

/** The batch ran out of new cards early: the reviews of what was just learned, or null (the overview shows what is due). */
async function reviewsAfterLessons(queryClient: QueryClient, course: Course): Promise<Session | null> {
  try {
    const data = await queryClient.fetchQuery({ ...studyQueries.flashcard(course), staleTime: 0 });
    if (data.flashcard && data.flashcard.attempts > 0) return startReviews(data.flashcard, reviewsToServe(data));
  } catch {
    // Fall through: the overview will show what is due.
  }
  return null;
}

/**
 * The session's recorded answers: all of them for the summary at its end, the level the last one reached, and the
 * last one, which `u` takes back (undo). `onUndone` gets the session that answer was given in, with the card as
 * the server has it again.
 */
function useSessionAnswers(course: Course, onUndone: (session: Session) => void) {
  const queryClient = useQueryClient();
  const [tally, setTally] = useState<SessionTally | null>(null);
  const [levelUp, setLevelUp] = useState<number | null>(null);
  const [lastAnswer, setLastAnswer] = useState<LastAnswer | null>(null);
  const lastAnswerRef = useRef(lastAnswer);
  lastAnswerRef.current = lastAnswer;

  const undo = useMutation({
    mutationFn: (request: UndoRequest) => postUndo(request),
    onSuccess: (response) => {
      const last = lastAnswerRef.current;
      setLastAnswer(null);
      if (!last) return;
      setTally((t) => (t ? { ...t, answers: t.answers.slice(0, -1), finishedAt: undefined } : t));
      // The same card again, answer side up (the learner has seen it): grade it anew.
      onUndone({ ...last.base, card: response.flashcard, flipped: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress(course) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
    },
    // Refused (answered again elsewhere, too old…): the message says why; nothing is left to undo.
    onError: () => setLastAnswer(null),
  });

  /** A new answer or a new session: the answer before can no longer be taken back. */
  const forgetLast = () => {
    setLastAnswer(null);
    undo.reset();
  };
  return {
    tally,
    levelUp,
    lastAnswer,
    undo,
    forgetLast,
    start: () => {
      setLevelUp(null);
      forgetLast();
      setTally({ startedAt: Date.now(), answers: [] });
    },
    finish: () => setTally((t) => (t ? { ...t, finishedAt: Date.now() } : t)),
    recorded: (base: Session, value: Grade, response: GradeResponse) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress(course) });
      setLastAnswer({ base, version: response.flashcard.version });
      setTally((t) => (t ? { ...t, answers: [...t.answers, { card: base.card, grade: value }] } : t));
      if (response.new_level != null) {
        setLevelUp(response.new_level);
        void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      }
    },
    takeBackLast: () => {
      const last = lastAnswerRef.current;
      if (!last) return;
      undo.mutate({ id: last.base.card.flashcard_id, version: last.version, fetch_new: wantsNewCard(last.base), idempotencyKey: newIdempotencyKey() });
    },
  };
}

/** `onEnd` runs when a session ends and its card is gone (the panel keeps keyboard focus inside itself). */
export function useStudySession({ course, subscribed, onEnd }: { course: Course; subscribed: boolean; onEnd: () => void }): StudySession {
  const queryClient = useQueryClient();
  const next = useQuery(studyQueries.flashcard(course));
  const [session, setSession] = useState<Session | null>(null);
  const [finished, setFinished] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // A grade given to the card shown ahead while the previous grade is still on its way: sent once that one is
  // recorded, if the server agrees the card comes next (answers are recorded in order, each once).
  const [queued, setQueued] = useState<{ value: Grade; cardId: string; typed?: TypedAnswerBody } | null>(null);
  const answers = useSessionAnswers(course, (again) => {
    setFinished(false);
    setQueued(null);
    setSession(again);
  });
  const { undo } = answers;

  const endSession = () => {
    setSession(null);
    setFinished(true);
    answers.finish();
    onEnd();
    void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
  };

  const grade = useMutation({
    mutationFn: ({ request }: GradeSubmission) => postGrade(request, () => setRetrying(true)),
    onSettled: () => setRetrying(false),
    onSuccess: async (response, { request, base, predicted }) => {
      prefetchMedia(response.new_flashcard);
      answers.recorded(base, request.grade, response);
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
      const reviews = base.mode === 'lessons' && response.review_count > 0 ? await reviewsAfterLessons(queryClient, course) : null;
      if (reviews) setSession(reviews);
      else endSession();
    },
    // The answer was not recorded: go back to its card, where the error and "Try again" are shown.
    onError: (_error, { base, predicted }) => {
      setQueued(null);
      if (predicted) setSession(base);
    },
  });

  const card = session?.card ?? null;
  const canKnow = Boolean(subscribed && card && card.attempts === 0);
  const pending = grade.isPending;
  // Saved in the background while the next card is already shown: no "Saving…" then, and that card can be
  // answered at once (the answer waits in `queued`).
  const background = pending && Boolean(grade.variables?.predicted);
  const waiting = (pending && !background) || queued !== null || undo.isPending;
  const canUndo = answers.lastAnswer !== null && !pending && queued === null && !undo.isPending;
  const undoLast = () => {
    if (canUndo) answers.takeBackLast();
  };

  const followingCard = useFollowingCard(course, session, !pending && !grade.isError && !queued);

  useEffect(() => {
    prefetchAudio(next.data?.flashcard?.material.audio_url);
  }, [next.data]);

  const begin = () => {
    if (!next.data) return;
    const started = startSession(next.data);
    if (started) {
      setFinished(false);
      answers.start();
      setSession(started);
    }
  };

  const flip = () => setSession((s) => (s ? { ...s, flipped: true } : s));
  const showContext = () => setSession((s) => (s ? { ...s, contextShown: true } : s));

  const submit = (value: Grade, typed?: TypedAnswerBody) => {
    const current = sessionRef.current;
    if (!current) return;
    if (value === 10 && !canKnow) return;
    if (value !== 10 && !current.flipped) return;
    if (grade.isPending) {
      if (background && !queued) setQueued({ value, cardId: current.card.flashcard_id, typed });
      return;
    }
    const request: GradeRequest = {
      id: current.card.flashcard_id,
      grade: value,
      fetch_new: wantsNewCard(current),
      version: current.card.version,
      idempotencyKey: newIdempotencyKey(),
      ...(typed ? { typed } : {}),
    };
    const predicted = followingCard && followingCard.after === current.card.flashcard_id ? predictAfterGrade(current, value, followingCard) : null;
    answers.forgetLast();
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
    if (sessionRef.current?.card.flashcard_id === queued.cardId) submitRef.current(queued.value, queued.typed);
  }, [queued, pending, grade.isError]);

  const reload = () => {
    grade.reset();
    setQueued(null);
    setSession(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.study(course) });
  };

  return {
    next,
    session,
    finished,
    levelUp: answers.levelUp,
    tally: answers.tally,
    hasLastAnswer: answers.lastAnswer !== null,
    canUndo,
    canKnow,
    retryingGrade: pending && retrying,
    waiting,
    gradeFailed: grade.isError,
    gradeError: grade.error,
    undoFailed: undo.isError,
    undoError: undo.error,
    begin,
    flip,
    showContext,
    submit,
    retry,
    reload,
    undoLast,
  };
}
