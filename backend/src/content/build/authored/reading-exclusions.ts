/**
 * Kun/on readings KANJIDIC2 lists that are not jōyō readings but that a course word happens to use on its own
 * (子 ね "the Rat", 字 あざ "village section"), or whose only course word cannot carry a natural example
 * (上 かみ). KANJIDIC2 does not mark jōyō readings, so these few are removed by hand: "kanji:reading" as shown on
 * the card.
 */
export const EXCLUDED_READINGS: ReadonlySet<string> = new Set([
  '生:な.る',
  '子:ね',
  '字:あざ',
  '手:ズ',
  '人:と',
  '上:かみ',
  // Not jōyō readings, though the words are everyday ones written in kana (かしこまりました, いじめる): the
  // cards teach イ (畏敬) and カ (苛酷) instead.
  '畏:かしこ',
  '畏:かしこ.まる',
  '苛:いじ.める',
]);
