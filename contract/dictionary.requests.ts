// The dictionary calls' requests (issue 18): the browsers' queries and the path parameters checked before any
// lookup. The backend validates with these.
import * as z from 'zod/mini';
import { KANJI_COURSES, VOCAB_COURSES } from './courses';

/** `?flag=true`: the dictionary's yes/no query parameters. */
const booleanFlag = z.optional(z.enum(['true', 'false', '1', '0']));
const tab = z.optional(z.string().check(z.maxLength(20)));

export { KANJI_COURSES, VOCAB_COURSES };

/** GET /api/kanji?course=kanji1[&tab=1] */
export const kanjiListQuerySchema = z.object({ course: z.enum(KANJI_COURSES), tab });
/** GET /api/kanji/:id[?character=true]: without the flag a single non-digit character is the kanji itself. */
export const kanjiDetailQuerySchema = z.object({ character: booleanFlag });
/** GET /api/kanji/:id by character: exactly one CJK ideograph (々 included), checked before any lookup. */
export const kanjiCharacterParamSchema = z.object({
  id: z.string().check(z.regex(/^\p{Script=Han}$/u, 'Expected one kanji (a single CJK character) or a kanji id.')),
});
/** GET /api/vocabs?course=vocab1[&tab=a] */
export const vocabListQuerySchema = z.object({ course: z.enum(VOCAB_COURSES), tab });
/** GET /api/kana/:kana?kana=true (without the flag, digits are the kana's id) */
export const kanaDetailQuerySchema = z.object({ kana: booleanFlag });
/** A kana of the chart: 1 to 3 hiragana or katakana (きゃ, ファ, with ー), checked before any lookup. */
export const kanaParamSchema = z.object({
  kana: z.string().check(z.regex(/^[\p{Script=Hiragana}\p{Script=Katakana}ー]{1,3}$/u, 'Expected a kana: 1 to 3 hiragana or katakana characters (or its numeric id).')),
});
/** GET /api/strokes/:character: one kanji (any CJK ideograph) or one kana, including the long-vowel mark ー. */
export const strokesParamSchema = z.object({
  character: z.string().check(z.regex(/^(?:\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|ー)$/u, 'Expected exactly one kanji or kana character.')),
});
