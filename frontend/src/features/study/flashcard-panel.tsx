// The middle of a study screen: the five panel states of SPEC §4, the card, grading and shortcuts. The session
// itself (the card queue, grading ahead of the server, undo) is use-study-session.ts; the keys are
// use-study-shortcuts.ts; this file puts them on screen and keeps focus and sound with the card.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { VacationNotice } from '../../components/vacation-notice';
import { playAudio } from '../../lib/audio';
import { isAudioShown, isInvalidCard, shouldAutoplay } from '../../lib/card-rules';
import type { Course } from '../../lib/courses';
import { lazyComponent } from '../../lib/lazy-component';
import { profileQuery, type Settings } from '../../lib/profile';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useOnline } from '../../lib/use-online';
import { CardActions } from './card-actions';
import { CardFace, preloadCardParts } from './card-face';
import { RelearnLesson } from './relearn-lesson';
import { progressLabel } from './session';
import { ShortcutHint } from './shortcut-hint';
import { GradeError, KnownRefusedNotice, LevelUpNotice, OfflineNotice, UndoRefusedNotice } from './study-notices';
import { Overview, PlanAfterSession } from './study-overview';
import type { Grade } from './study-queries';
import { TypedAnswerForm, TypedVerdict, WrongAnswerHistory } from './typed-answer';
import { typedAskFor, useTypedAnswer } from './use-typed-answer';
import { useStudySession, type StudySession } from './use-study-session';
import { useStudyShortcuts } from './use-study-shortcuts';

export { OFFLINE_MESSAGE } from './study-notices';

// Shown once a session ends: a chunk of its own (issue 32, entry JS ≤ 130 KB), fetched after the first paint.
const SessionSummary = lazyComponent(() => import('./session-summary').then((m) => m.SessionSummary));

export interface FlashcardPanelProps {
  course: Course;
  settings: Settings;
  subscribed: boolean;
  /** a leech to re-learn first (its flashcard id, from the dashboard), and how to leave that lesson */
  relearn?: string | null;
  onRelearnDone?: () => void;
}

export function FlashcardPanel({ course, settings, subscribed, relearn, onRelearnDone }: FlashcardPanelProps) {
  const online = useOnline();
  const audioRef = useRef<HTMLAudioElement>(null);
  const wordAudioRef = useRef<HTMLAudioElement>(null);
  const sentenceAudioRef = useRef<HTMLAudioElement>(null);
  const showAnswerRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const readingRef = useRef<HTMLInputElement>(null);
  // The card and its buttons are gone when a session ends: keep keyboard focus inside the panel.
  const study = useStudySession({ course, subscribed, onEnd: () => headingRef.current?.focus() });
  // On vacation the resting panel says so, with Resume, instead of counting reviews (issue 30, item 4); Study anyway
  // starts a session (grading on vacation is allowed, and that card is not shifted when the vacation ends).
  const onVacation = Boolean(useQuery({ ...profileQuery, enabled: false }).data?.vacation);
  const { session } = study;
  // What a session may show later is fetched once the panel's first screen is painted, so it is there in time.
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted) return;
    SessionSummary.preload();
    preloadCardParts();
  }, [painted]);

  const card = session?.card ?? null;
  // A review answered by typing (issue 31): the box replaces "Show answer"; the server's check flips the card.
  const typedAsk = card && !isInvalidCard(card) ? typedAskFor(card, settings) : null;
  const typed = useTypedAnswer(card, session ? `${session.mode}-${session.position}-${card?.flashcard_id}` : '', typedAsk, study.flip);
  const typing = Boolean(typedAsk) && session !== null && !session.flipped;
  /** A grade with what was typed; a wrong typed answer has no grade but "didn't get it" (keys 2 and 3 do nothing). */
  const grade = (value: Grade) => {
    if (value === 10) return study.submit(10);
    if (typed.wrong && value !== 0) return;
    study.submit(value, typed.gradeBody);
  };
  const gradingStudy: StudySession = { ...study, submit: grade };
  const audioUrl = card?.material.audio_url ?? null;
  const audioShown = card && session ? isAudioShown({ course, audioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  // The word alone, and a kana card's sentence, follow the same rule as the card's audio (a kanji card does not
  // give its reading away before the flip).
  const wordAudioUrl = card?.material.word_audio_url ?? null;
  const wordAudioShown = card && session ? isAudioShown({ course, audioUrl: wordAudioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  const sentenceAudioUrl = card?.material.sentence_audio_url && card.material.sentence_audio_url !== audioUrl ? card.material.sentence_audio_url : null;
  const sentenceAudioShown = card && session ? isAudioShown({ course, audioUrl: sentenceAudioUrl, prompt: settings.vocab_prompt, flipped: session.flipped }) : false;
  const autoplay = shouldAutoplay({ course, audioAutoplay: settings.audio_autoplay, vocabAudioAutoplay: settings.vocab_audio_autoplay });

  useEffect(() => {
    if (audioShown && autoplay) playAudio(audioRef.current);
  }, [card?.flashcard_id, audioShown, autoplay]);

  // Keep keyboard focus with the card: the answer when flipped, the flip button for a new card.
  useEffect(() => {
    if (!session) return;
    if (session.flipped) answerRef.current?.focus();
    else if (typing) readingRef.current?.focus();
    else showAnswerRef.current?.focus();
  }, [session?.card.flashcard_id, session?.flipped, session?.position, typing]);

  const { knownRefused } = useStudyShortcuts(settings.keyboard_shortcuts, { study: gradingStudy, subscribed, audioShown, playAudio: () => playAudio(audioRef.current) });

  const showOffline = !online || study.retryingGrade;
  const undoRefused = study.undoFailed ? <UndoRefusedNotice error={study.undoError} /> : null;

  return (
    <section className="panel study-panel" aria-labelledby="study-heading">
      <h2 id="study-heading" ref={headingRef} tabIndex={-1}>
        Study
      </h2>
      {study.levelUp != null ? <LevelUpNotice level={study.levelUp} course={course} /> : null}
      {showOffline ? <OfflineNotice /> : null}

      {relearn && !session ? (
        <RelearnLesson course={course} id={relearn} settings={settings} onDone={() => onRelearnDone?.()} />
      ) : session && card ? (
        <div className="session">
          <p className="session-progress" aria-live="polite">
            {progressLabel(session)}
          </p>
          <article className={`card${session.flipped ? ' card-flipped' : ''}`} data-card-id={card.flashcard_id} aria-label={session.flipped ? 'Flashcard, answer side' : 'Flashcard, question side'}>
            <div ref={answerRef} tabIndex={-1} className="card-focus">
              {session.flipped && typedAsk ? <TypedVerdict typed={typed} /> : null}
              <CardFace card={card} flipped={session.flipped} settings={settings} contextShown={session.contextShown} onShowContext={study.showContext} />
              {session.flipped && typedAsk ? <WrongAnswerHistory course={course} card={card} /> : null}
            </div>
          </article>

          <CardActions
            card={card}
            flipped={session.flipped}
            showAnswerRef={showAnswerRef}
            waiting={study.waiting}
            canKnow={study.canKnow}
            hasLastAnswer={study.hasLastAnswer}
            canUndo={study.canUndo}
            onFlip={study.flip}
            onGrade={grade}
            onUndo={study.undoLast}
            onPlayAudio={audioShown ? () => playAudio(audioRef.current) : null}
            onPlayWord={wordAudioShown ? () => playAudio(wordAudioRef.current) : null}
            onPlaySentence={sentenceAudioShown ? () => playAudio(sentenceAudioRef.current) : null}
            typedForm={typing ? <TypedAnswerForm typed={typed} readingRef={readingRef} onShowAnswer={study.flip} /> : undefined}
            onlyAgain={typed.wrong}
          />

          {knownRefused ? <KnownRefusedNotice /> : null}
          {study.waiting && !showOffline ? <p className="muted small" aria-live="polite">Saving…</p> : null}
          {study.gradeFailed ? <GradeError error={study.gradeError} onRetry={study.retry} onReload={study.reload} /> : null}
          {undoRefused}
        </div>
      ) : study.finished && study.tally && study.tally.answers.length > 0 ? (
        <>
          <SessionSummary tally={study.tally} next={study.next.data} onLearnMore={study.begin} onUndo={study.hasLastAnswer ? study.undoLast : undefined} undoDisabled={!study.canUndo} />
          <PlanAfterSession course={course} reviewCount={study.next.data?.review_count ?? 0} onBegin={study.begin} />
          {undoRefused}
        </>
      ) : onVacation ? (
        <VacationNotice onStudy={study.next.data?.flashcard ? study.begin : undefined} />
      ) : (
        <Overview query={study.next} course={course} subscribed={subscribed} finished={study.finished} onBegin={study.begin} />
      )}

      {audioUrl ? <audio ref={audioRef} src={audioUrl} preload="auto" hidden data-audio="card" /> : null}
      {wordAudioUrl ? <audio ref={wordAudioRef} src={wordAudioUrl} preload="auto" hidden data-audio="word" /> : null}
      {sentenceAudioUrl ? <audio ref={sentenceAudioRef} src={sentenceAudioUrl} preload="auto" hidden data-audio="sentence" /> : null}

      {settings.keyboard_shortcuts ? <ShortcutHint subscribed={subscribed} /> : null}
    </section>
  );
}
