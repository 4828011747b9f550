import { normalizeReading, readingForms } from './kana';
import { acceptedMeanings } from './meaning';

/**
 * What a card accepts as a typed answer, built from the card's material and the catalogue entries of its kanji
 * and word. Readings are normalized (hiragana, ー kept); meanings too (meaning.ts).
 */
export interface AnswerKey {
  materialType: 'reading' | 'vocab';
  /** the readings accepted, the card's own first */
  readings: string[];
  /** a reading card's kanji and which of its readings the card teaches */
  kanji: string | null;
  readingKind: 'on' | 'kun' | null;
  /** the kanji's other readings (a reading card): typed, they are "the other reading", not a mistake of kana */
  otherReadings: Array<{ reading: string; kind: 'on' | 'kun' }>;
  /** the meanings accepted (a vocab card): every gloss of every sense */
  meanings: string[];
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => Boolean(x) && typeof x === 'object') : []);
const unique = (xs: Array<string | null>): string[] => [...new Set(xs.filter((x): x is string => Boolean(x)))];

/** `kanjiEntry`/`vocabEntry`: the catalogue's kanji_entries/vocab_entries data of the card's kanji and word (null when absent). */
export function answerKeyOf(materialType: 'reading' | 'vocab', material: Json, entries: { kanjiEntry?: Json | null; vocabEntry?: Json | null }): AnswerKey {
  const vocab = entries.vocabEntry ?? {};
  const wordReading = str(material.vocab_hiragana) ?? str(vocab.reading);
  if (materialType === 'reading') {
    const own = str(material.reading);
    const readings = unique([...(own ? readingForms(own) : []), wordReading ? normalizeReading(wordReading) : null]);
    const kanji = entries.kanjiEntry ?? {};
    const others: AnswerKey['otherReadings'] = [];
    for (const kind of ['on', 'kun'] as const) {
      for (const r of list(kanji[`${kind}_readings`])) {
        const text = str(r.reading);
        if (!text) continue;
        for (const form of readingForms(text)) {
          if (!readings.includes(form) && !others.some((o) => o.reading === form)) others.push({ reading: form, kind });
        }
      }
    }
    const kind = str(material.reading_kind);
    return {
      materialType,
      readings,
      kanji: str(material.kanji) ?? str(kanji.character),
      readingKind: kind === 'on' || kind === 'kun' ? kind : own && /^[\u30a0-\u30ff]/u.test(own) ? 'on' : own ? 'kun' : null,
      otherReadings: others,
      meanings: [],
    };
  }
  const variants = list(vocab.variants).map((v) => str(v.reading));
  const glosses = [
    ...list(vocab.senses).flatMap((s) => (Array.isArray(s.glosses) ? s.glosses.filter((g): g is string => typeof g === 'string') : [])),
    str(material.vocab_meaning) ?? str(vocab.definition),
  ].filter((g): g is string => Boolean(g));
  return {
    materialType,
    readings: unique([wordReading, ...variants].map((r) => (r ? normalizeReading(r) : null))),
    kanji: null,
    readingKind: null,
    otherReadings: [],
    meanings: acceptedMeanings(glosses),
  };
}
