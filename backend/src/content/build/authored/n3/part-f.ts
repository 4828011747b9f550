/**
 * N4–N3 words, part f (see ../n3-core.ts): words that carry an everyday kun reading the kanji cards lacked (issue 29,
 * item 3): 翼 つばさ and 牙 きば, where the list had only 右翼 and 象牙.
 */
export const N3_PART_F = `
  翼:つばさ 牙:きば
`;
