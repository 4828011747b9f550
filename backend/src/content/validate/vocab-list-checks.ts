import { N5_CORE } from '../build/authored/n5-core';
import { coreItems } from '../build/core-items';
import { toHiragana } from '../build/text';
import { EXCLUDED_WORDS, HOMOGRAPHS, REGISTER_NOTES } from '../build/authored/word-list';
import type { VocabEntry } from '../catalogue/content.schemas';

/**
 * Checks on the word list as a teacher would read it (issue "content data a Japanese teacher would sign"): one word
 * per written form and per meaning, the beginner core in Vocab I, no excluded word, no origin tag in a meaning, and
 * every authored register note on its word.
 */

/** EDICT's loanword origin tags ("(por:)", "(eng: coffee, dut: koffie)", "(wasei: …)") must never reach a learner. */
export const ORIGIN_TAG = /\((?:wasei|[a-z]{3}):/;

export const MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];

/** Whether a word list entry is the item: same reading, and the written form or one of its variants matches. */
function isWord(v: VocabEntry, written: string, reading: string): boolean {
  if (v.reading !== reading) return false;
  // A word taught in kana (可愛い as かわいい) is the item too.
  return v.kanji === written || toHiragana(v.kanji) === reading || (v.variants ?? []).some((f) => f.written === written);
}

export function vocabListProblems(vocab: readonly VocabEntry[]): string[] {
  const problems: string[] = [];
  const byWritten = new Map<string, VocabEntry[]>();
  const byMeaning = new Map<string, VocabEntry[]>();
  for (const v of vocab) {
    byWritten.set(v.kanji, [...(byWritten.get(v.kanji) ?? []), v]);
    const m = `${v.reading}|${v.definition.toLowerCase()}`;
    byMeaning.set(m, [...(byMeaning.get(m) ?? []), v]);
  }
  for (const [w, list] of byWritten)
    if (list.length > 1 && !HOMOGRAPHS.has(w)) problems.push(`${w} is taught as ${list.length} words (${list.map((v) => v.reading).join(', ')}): merge them or list the homograph`);
  for (const list of byMeaning.values())
    if (list.length > 1) problems.push(`${list.map((v) => v.kanji).join(' and ')} have the same reading and meaning "${list[0].definition}"`);

  const vocab1 = vocab.filter((v) => v.course === 'vocab1');
  for (const { item, written, reading } of coreItems(N5_CORE)) {
    if (!vocab1.some((v) => isWord(v, written, reading))) problems.push(`N5 core word ${item} is not in Vocab I`);
  }
  for (const m of MONTHS) if (!vocab1.some((v) => v.kanji === m)) problems.push(`month ${m} is not in Vocab I`);

  for (const v of vocab) {
    if (EXCLUDED_WORDS.has(`${v.kanji}|${v.reading}`) || EXCLUDED_WORDS.has(v.kanji)) problems.push(`${v.kanji} ${v.reading} is excluded (${EXCLUDED_WORDS.get(`${v.kanji}|${v.reading}`) ?? EXCLUDED_WORDS.get(v.kanji)})`);
    const texts = [v.definition, ...(v.senses ?? []).flatMap((s) => s.glosses)];
    if (texts.some((t) => ORIGIN_TAG.test(t))) problems.push(`${v.kanji}: a meaning carries an origin tag`);
    const note = REGISTER_NOTES.get(`${v.kanji}|${v.reading}`) ?? REGISTER_NOTES.get(v.kanji);
    if (note && v.note !== note) problems.push(`${v.kanji}: register note missing`);
  }
  return problems;
}
