/** Hand-written core meanings ("written|reading" → definition); see index.ts. */
export const MEANINGS_VOCAB2_B: Record<string, string> = {
  '代える|かえる': 'to replace; to substitute (one for another)',
  '換える|かえる': 'to exchange; to convert (money, files)',
  '替える|かえる': 'to change (for a new one); to renew',
  '延びる|のびる': 'to be extended; to be postponed (of time, dates)',
  '伸びる|のびる': 'to stretch; to grow (hair, height); to improve',
  '早める|はやめる': 'to bring forward (a date, a time)',
  '速める|はやめる': 'to speed up; to quicken (a pace)',
  '討つ|うつ': 'to attack; to defeat (an enemy); to avenge',
  '撃つ|うつ': 'to shoot (a gun, at a target)',
};
