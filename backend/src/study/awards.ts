// The nine course awards of SPEC §9, with the criteria of DESIGN §4. Awards are granted once per course
// (as events), so a criterion only has to hold at the moment it is checked: an award stays earned even if,
// say, a mastered card later drops back to intermediate.

export const AWARD_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type AwardId = (typeof AWARD_IDS)[number];

export interface Award {
  id: AwardId;
  name: string;
  /** the congratulation shown when it is granted */
  text: string;
  /** how to earn it, for an award not earned yet */
  criterion: string;
  icon: string;
  color: string;
}

export const STUDY_DAYS_FOR_PERSISTENCE = 7;
export const REVIEWS_FOR_ENDURANCE = 1_000;
export const MASTERED_FOR_EXCELLENCE = 100;
export const LEVEL_FOR_CHAMPION = 3;
export const LEVEL_FOR_BRONZE = 5;
export const LEVEL_FOR_SILVER = 7;

export const AWARDS: readonly Award[] = [
  { id: 1, name: 'Participation Ribbon', text: 'You participated in the course!', criterion: 'Learn your first card.', icon: '🎗️', color: '#4caf50' },
  // True of both ways to Intermediate: still known after six days, or marked "I already know it" (issue 31: the
  // text claimed six days to a learner whose first known card had waited none).
  { id: 2, name: 'Improvement Ribbon', text: 'Your first card reached Intermediate: one you know well, whether you still knew it after six days or knew it already!', criterion: 'Get a card to Intermediate.', icon: '🎗️', color: '#1e88e5' },
  { id: 3, name: 'Persistence Ribbon', text: 'You studied on 7 different days. Keep the habit going!', criterion: 'Study on 7 different days.', icon: '🎗️', color: '#8e24aa' },
  { id: 4, name: 'Endurance Ribbon', text: '1,000 reviews done. That is real stamina!', criterion: 'Do 1,000 reviews.', icon: '🎗️', color: '#e53935' },
  { id: 5, name: 'Excellence Ribbon', text: '100 cards mastered: remembered after a month and more!', criterion: 'Master 100 cards.', icon: '🎗️', color: '#00897b' },
  { id: 6, name: 'Champion Trophy', text: 'You reached level 3. A true champion!', criterion: 'Reach level 3.', icon: '🏆', color: '#fb8c00' },
  { id: 7, name: 'Bronze Medal', text: 'You reached level 5! Bronze Medal', criterion: 'Reach level 5.', icon: '🥉', color: '#cd7f32' },
  { id: 8, name: 'Silver Medal', text: 'You reached level 7! Silver Medal', criterion: 'Reach level 7.', icon: '🥈', color: '#a8a9ad' },
  { id: 9, name: 'Gold Medal', text: "You're the best around! Gold Medal", criterion: 'Get every card of the course to Intermediate or better.', icon: '🥇', color: '#d4af37' },
];

/** A user's progress in one course, as the progress projections count it. */
export interface CourseProgress {
  /** cards graded at least once */
  cardsLearned: number;
  /** cards currently intermediate or mastered */
  cardsIntermediateOrBetter: number;
  cardsMastered: number;
  /** different calendar days (in the user's time zone) with at least one grade */
  studyDays: number;
  /** review grades (CardGraded); lesson grades are not reviews */
  reviews: number;
  /** the user's level in the course (levels.ts levelOf) */
  level: number;
  /** every material of the course, learned or not */
  courseCards: number;
}

const CRITERIA: Readonly<Record<AwardId, (p: CourseProgress) => boolean>> = {
  1: (p) => p.cardsLearned >= 1,
  2: (p) => p.cardsIntermediateOrBetter >= 1,
  3: (p) => p.studyDays >= STUDY_DAYS_FOR_PERSISTENCE,
  4: (p) => p.reviews >= REVIEWS_FOR_ENDURANCE,
  5: (p) => p.cardsMastered >= MASTERED_FOR_EXCELLENCE,
  6: (p) => p.level >= LEVEL_FOR_CHAMPION,
  7: (p) => p.level >= LEVEL_FOR_BRONZE,
  8: (p) => p.level >= LEVEL_FOR_SILVER,
  // An empty course has nothing to finish; it must not hand out gold.
  9: (p) => p.courseCards > 0 && p.cardsIntermediateOrBetter >= p.courseCards,
};

/** Every award whose criterion the progress meets, in id order. */
export function awardsEarned(progress: CourseProgress): AwardId[] {
  return AWARD_IDS.filter((id) => CRITERIA[id](progress));
}

/** The awards to grant now: earned and not granted before. */
export function newAwards(progress: CourseProgress, granted: readonly AwardId[]): AwardId[] {
  return awardsEarned(progress).filter((id) => !granted.includes(id));
}

export function awardById(id: AwardId): Award {
  return AWARDS[id - 1];
}
