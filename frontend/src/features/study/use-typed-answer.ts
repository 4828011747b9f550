// A typed answer to the card on screen (issue 31): what the learner types, the server's check before the flip, the
// one retry of a near miss, and what the grade then carries. The server decides the verdict; this only shows it.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { courseKind } from '../../lib/courses';
import type { Settings } from '../../lib/profile';
import { romajiToKana } from '../../../../contract/romaji';
import { postCheck, type CheckAnswerResponse, type Flashcard, type TypedAnswerBody } from './study-queries';

/** What a card asks to be typed; null: nothing (a new card, a kana card, or the setting is off). */
export interface TypedAsk {
  meaning: boolean;
}

/** Reviews only: a new card is learned, not tested. Kanji cards ask their reading, vocab cards as the setting says. */
export function typedAskFor(card: Flashcard | null, settings: Settings): TypedAsk | null {
  if (!card || card.attempts === 0) return null;
  const kind = courseKind(card.course);
  if (kind === 'kanji') return settings.typed_reading ? { meaning: false } : null;
  if (kind === 'vocab') return settings.vocab_typed_answer === 'off' ? null : { meaning: settings.vocab_typed_answer === 'reading_meaning' };
  return null;
}

type Typed = { reading: string; meaning?: string };

export interface TypedAnswer {
  ask: TypedAsk | null;
  reading: string;
  meaning: string;
  setReading: (value: string) => void;
  setMeaning: (value: string) => void;
  /** 'typing', then 'retry' after a near miss (one more try), then 'done' (the card is flipped) */
  phase: 'typing' | 'retry' | 'done';
  /** the server's last verdict (the near miss while retrying, the final one when done) */
  result: CheckAnswerResponse | null;
  /** the first try, while retrying and after */
  firstTry: Typed | null;
  checking: boolean;
  error: unknown;
  check: () => void;
  /** what the grade carries once the answer is checked (undefined: the card was flipped without typing) */
  gradeBody: TypedAnswerBody | undefined;
  /** the final answer was wrong: the only grade is "didn't get it" */
  wrong: boolean;
}

/** `step` names this showing of the card (a failed card comes back later: typed afresh); `onDone` flips it. */
export function useTypedAnswer(card: Flashcard | null, step: string, ask: TypedAsk | null, onDone: () => void): TypedAnswer {
  const [reading, setReading] = useState('');
  const [meaning, setMeaning] = useState('');
  const [phase, setPhase] = useState<TypedAnswer['phase']>('typing');
  const [result, setResult] = useState<CheckAnswerResponse | null>(null);
  const [firstTry, setFirstTry] = useState<Typed | null>(null);
  const [final, setFinal] = useState<Typed | null>(null);
  const stepRef = useRef(step);
  stepRef.current = step;
  const mutation = useMutation({ mutationFn: postCheck });
  const { reset } = mutation;

  useEffect(() => {
    setReading('');
    setMeaning('');
    setPhase('typing');
    setResult(null);
    setFirstTry(null);
    setFinal(null);
    reset();
  }, [step, reset]);

  const check = () => {
    if (!card || !ask || phase === 'done' || mutation.isPending) return;
    const typed: Typed = { reading: romajiToKana(reading.trim()), ...(ask.meaning ? { meaning: meaning.trim() } : {}) };
    const asked = stepRef.current;
    setReading(typed.reading);
    mutation.mutate(
      { id: card.flashcard_id, ...typed, ...(firstTry ? { first_try: firstTry } : {}) },
      {
        onSuccess: (response) => {
          if (stepRef.current !== asked) return;
          setResult(response);
          if (response.retry) {
            setFirstTry(typed);
            setPhase('retry');
            return;
          }
          setFinal(typed);
          setPhase('done');
          onDone();
        },
      },
    );
  };

  const gradeBody = phase === 'done' && final ? { ...final, ...(firstTry ? { first_try: firstTry } : {}) } : undefined;
  return {
    ask,
    reading,
    meaning,
    setReading,
    setMeaning,
    phase,
    result,
    firstTry,
    checking: mutation.isPending,
    error: mutation.error,
    check,
    gradeBody,
    wrong: phase === 'done' && result?.verdict === 'wrong',
  };
}
