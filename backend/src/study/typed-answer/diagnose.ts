import type { AnswerKey } from './answer-key';
import { normalizeReading, slipsBetween } from './kana';
import { checkMeaning, normalizeMeaning } from './meaning';

/**
 * The checking rules of a typed answer (issue 31 item 10), pure: what was typed against what the card accepts,
 * the verdict, and what is wrong where it can be known. A near miss (only slips: a long vowel, a small っ, a
 * dakuten, ん, the kanji's other reading, a typo in the meaning) earns one retry before the answer is shown.
 */

export const DIAGNOSIS_CODES = [
  'long_vowel_missing',
  'long_vowel_extra',
  'long_vowel_mark_wanted',
  'long_vowel_kana_wanted',
  'small_tsu_missing',
  'small_tsu_extra',
  'dakuten',
  'handakuten',
  'n_confusion',
  'small_kana',
  'close',
  'kun_reading_wanted',
  'on_reading_wanted',
  'other_reading',
  'meaning_typo',
  'reading_missing',
  'meaning_missing',
] as const;
export type DiagnosisCode = (typeof DIAGNOSIS_CODES)[number];
export type AnswerField = 'reading' | 'meaning';

/** Codes that are no mistake of memory but a slip: the learner gets one retry. */
const NEAR_MISS = new Set<DiagnosisCode>(DIAGNOSIS_CODES.filter((c) => c !== 'reading_missing' && c !== 'meaning_missing'));

export interface TypedAnswer {
  reading?: string | null;
  meaning?: string | null;
}

export interface Diagnosis {
  field: AnswerField;
  code: DiagnosisCode;
  message: string;
}

export interface FieldVerdict {
  field: AnswerField;
  correct: boolean;
  /** the accepted answer it matched, normalized (the kana of a romaji reading) */
  matched?: string;
}

export interface Verdict {
  verdict: 'correct' | 'wrong';
  /** wrong, and only by slips: one retry is given before the answer is shown */
  nearMiss: boolean;
  fields: FieldVerdict[];
  diagnosis: Diagnosis[];
  /** the typed reading as compared (kana), for the record */
  reading?: string;
}

/** Which fields a card asks for: a reading card its reading; a vocab card its reading, and its meaning when asked. */
export function fieldsAsked(key: AnswerKey, withMeaning: boolean): AnswerField[] {
  return key.materialType === 'vocab' && withMeaning ? ['reading', 'meaning'] : ['reading'];
}

export function diagnose(key: AnswerKey, typed: TypedAnswer, asked: readonly AnswerField[]): Verdict {
  const fields: FieldVerdict[] = [];
  const diagnosis: Diagnosis[] = [];
  let reading: string | undefined;
  if (asked.includes('reading')) {
    reading = normalizeReading(typed.reading ?? '');
    const r = diagnoseReading(key, reading);
    fields.push({ field: 'reading', correct: r.correct, matched: r.matched });
    diagnosis.push(...r.codes.map((code) => ({ field: 'reading' as const, code, message: diagnosisMessage(code, key.kanji) })));
  }
  if (asked.includes('meaning')) {
    const m = diagnoseMeaning(key, typed.meaning ?? '');
    fields.push({ field: 'meaning', correct: m.correct, matched: m.matched });
    diagnosis.push(...m.codes.map((code) => ({ field: 'meaning' as const, code, message: diagnosisMessage(code, key.kanji) })));
  }
  const wrong = fields.filter((f) => !f.correct);
  // A near miss: every wrong field is off by slips only (a field wrong with nothing to name is not one).
  const slipsOnly = (field: AnswerField) => {
    const codes = diagnosis.filter((d) => d.field === field).map((d) => d.code);
    return codes.length > 0 && codes.every((c) => NEAR_MISS.has(c));
  };
  const nearMiss = wrong.length > 0 && wrong.every((f) => slipsOnly(f.field));
  return { verdict: wrong.length === 0 ? 'correct' : 'wrong', nearMiss, fields, diagnosis, reading };
}

function diagnoseReading(key: AnswerKey, typed: string): { correct: boolean; matched?: string; codes: DiagnosisCode[] } {
  if (!typed) return { correct: false, codes: ['reading_missing'] };
  if (key.readings.includes(typed)) return { correct: true, matched: typed, codes: [] };
  const other = key.otherReadings.find((o) => o.reading === typed);
  if (other) {
    if (key.readingKind && other.kind !== key.readingKind) return { correct: false, codes: [key.readingKind === 'kun' ? 'kun_reading_wanted' : 'on_reading_wanted'] };
    return { correct: false, codes: ['other_reading'] };
  }
  for (const accepted of key.readings) {
    const slips = slipsBetween(typed, accepted);
    if (slips && slips.length) return { correct: false, codes: slips as DiagnosisCode[] };
  }
  return { correct: false, codes: [] };
}

function diagnoseMeaning(key: AnswerKey, typed: string): { correct: boolean; matched?: string; codes: DiagnosisCode[] } {
  if (!normalizeMeaning(typed)) return { correct: false, codes: ['meaning_missing'] };
  const check = checkMeaning(typed, key.meanings);
  if (check.verdict === 'correct') return { correct: true, matched: check.accepted, codes: [] };
  return { correct: false, codes: check.verdict === 'typo' ? ['meaning_typo'] : [] };
}

/**
 * What a code tells the learner. None gives the answer away: the learner may still retry. `kanji` names the
 * kanji in "that is its on reading" (absent in a history whose card is not at hand).
 */
export function diagnosisMessage(code: DiagnosisCode | string, kanji?: string | null): string {
  const of = kanji ? ` of ${kanji}` : '';
  switch (code) {
    case 'long_vowel_missing':
      return 'Almost: a long vowel is missing (a vowel held for two beats).';
    case 'long_vowel_extra':
      return 'Almost: there is a long vowel the word does not have.';
    case 'long_vowel_mark_wanted':
      return 'Almost: in katakana a long vowel is written with ー (type -).';
    case 'long_vowel_kana_wanted':
      return 'Almost: in hiragana a long vowel is written with a vowel kana (おとうさん), not ー.';
    case 'small_tsu_missing':
      return 'Almost: a small っ is missing (a doubled consonant: type it twice, kk, tt, pp).';
    case 'small_tsu_extra':
      return 'Almost: there is a small っ (a doubled consonant) the word does not have.';
    case 'dakuten':
      return 'Almost: check the dakuten ゛ (か or が, た or だ).';
    case 'handakuten':
      return 'Almost: check the handakuten ゜ (は, ば or ぱ).';
    case 'n_confusion':
      return "Almost: check ん against な, に, ぬ, ね, の. Before a vowel or y, type n' for ん (kan'i is かんい, kani is かに).";
    case 'small_kana':
      return 'Almost: check the small ゃ, ゅ, ょ (きゃ is one sound, きや two).';
    case 'close':
      return 'Almost: only long vowels, small kana or dakuten are off.';
    case 'kun_reading_wanted':
      return `That is an on reading${of}. We want the kun reading.`;
    case 'on_reading_wanted':
      return `That is a kun reading${of}. We want the on reading.`;
    case 'other_reading':
      return `That is another reading${of}. This card teaches a different one.`;
    case 'meaning_typo':
      return 'Almost: the meaning looks like a typo. Check the spelling.';
    case 'reading_missing':
      return 'No reading typed.';
    case 'meaning_missing':
      return 'No meaning typed.';
    default:
      return 'Not quite.';
  }
}
