import { AppError } from '../../platform/errors/app-error';
import type { TypedAnswerRecord } from '../card.events';
import type { AnswerKey } from './answer-key';
import { diagnose, fieldsAsked, type Diagnosis, type TypedAnswer, type Verdict } from './diagnose';

/** What the learner sent: the answer, and the near miss before the one retry when this is the retry. */
export interface TypedAnswerInput extends TypedAnswer {
  first_try?: TypedAnswer;
}

export interface Judgement {
  verdict: Verdict['verdict'];
  nearMiss: boolean;
  /** a near miss on the first try: one more try is given before the answer is shown */
  retry: boolean;
  diagnosis: Diagnosis[];
  fields: Verdict['fields'];
  reading?: string;
  /** what the grade records (CardGraded.typedAnswer) */
  record: TypedAnswerRecord;
}

/**
 * A typed answer judged against the card (pure): the reading always, a vocab card's meaning when it was typed
 * (the learner's setting asks for it; a client leaving it out only makes the test easier for that learner).
 * A retry (`first_try` given) is only for a near miss, and only one: the retry's verdict is final.
 */
export function judgeTypedAnswer(key: AnswerKey, input: TypedAnswerInput): Judgement {
  const asked = fieldsAsked(key, input.meaning !== undefined);
  let first: Verdict | null = null;
  if (input.first_try) {
    first = diagnose(key, input.first_try, asked);
    if (first.verdict === 'correct' || !first.nearMiss) {
      throw new AppError('validation_failed', 'A retry is given only after a near miss.', {
        fields: [{ field: 'first_try', message: first.verdict === 'correct' ? 'The first try was right: there is nothing to retry.' : 'The first try was not a near miss: it gets no retry.' }],
      });
    }
  }
  const final = diagnose(key, input, asked);
  const codes = (v: Verdict) => (v.diagnosis.length ? { diagnosis: v.diagnosis.map((d) => d.code) } : {});
  const meaning = (t: TypedAnswer) => (asked.includes('meaning') && t.meaning != null ? { meaning: t.meaning.trim().slice(0, 200) } : {});
  const record: TypedAnswerRecord = {
    ...(final.reading !== undefined ? { reading: final.reading.slice(0, 64) } : {}),
    ...meaning(input),
    verdict: final.verdict,
    ...codes(final),
    retried: first !== null,
    ...(first && input.first_try ? { firstTry: { ...(first.reading !== undefined ? { reading: first.reading.slice(0, 64) } : {}), ...meaning(input.first_try), ...codes(first) } } : {}),
  };
  return {
    verdict: final.verdict,
    nearMiss: final.nearMiss,
    retry: first === null && final.verdict === 'wrong' && final.nearMiss,
    diagnosis: final.diagnosis,
    fields: final.fields,
    reading: final.reading,
    record,
  };
}
