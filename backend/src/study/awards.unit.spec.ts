import { AWARD_IDS, AWARDS, awardById, awardsEarned, newAwards, type CourseProgress } from './awards';

const nothing: CourseProgress = { cardsLearned: 0, cardsIntermediateOrBetter: 0, cardsMastered: 0, studyDays: 0, reviews: 0, level: 1, courseCards: 144 };
const progress = (p: Partial<CourseProgress>): CourseProgress => ({ ...nothing, ...p });

describe('awardsEarned', () => {
  it('gives nothing before the first card', () => {
    expect(awardsEarned(nothing)).toEqual([]);
  });

  it.each<[string, Partial<CourseProgress>, Partial<CourseProgress>, number]>([
    ['Participation: first card learned', { cardsLearned: 0 }, { cardsLearned: 1 }, 1],
    ['Improvement: first card intermediate', { cardsIntermediateOrBetter: 0 }, { cardsIntermediateOrBetter: 1 }, 2],
    ['Persistence: 7 different days', { studyDays: 6 }, { studyDays: 7 }, 3],
    ['Endurance: 1,000 reviews', { reviews: 999 }, { reviews: 1000 }, 4],
    ['Excellence: 100 cards mastered', { cardsMastered: 99 }, { cardsMastered: 100 }, 5],
    ['Champion Trophy: level 3', { level: 2 }, { level: 3 }, 6],
    ['Bronze Medal: level 5', { level: 4 }, { level: 5 }, 7],
    ['Silver Medal: level 7', { level: 6 }, { level: 7 }, 8],
    ['Gold Medal: every card intermediate or better', { cardsIntermediateOrBetter: 143 }, { cardsIntermediateOrBetter: 144 }, 9],
  ])('%s', (_, below, at, id) => {
    expect(awardsEarned(progress(below))).not.toContain(id);
    expect(awardsEarned(progress(at))).toContain(id);
  });

  it('gives all three level awards at level 9', () => {
    expect(awardsEarned(progress({ level: 9 }))).toEqual([6, 7, 8]);
  });

  it('does not give gold for a course without cards', () => {
    expect(awardsEarned(progress({ courseCards: 0 }))).not.toContain(9);
  });

  it('gives every award to a learner who finished the course', () => {
    const finished = progress({ cardsLearned: 144, cardsIntermediateOrBetter: 144, cardsMastered: 120, studyDays: 40, reviews: 2500, level: 9 });
    expect(awardsEarned(finished)).toEqual([...AWARD_IDS]);
  });
});

describe('newAwards', () => {
  it('leaves out the awards granted before', () => {
    expect(newAwards(progress({ cardsLearned: 5, cardsIntermediateOrBetter: 1, level: 3 }), [1])).toEqual([2, 6]);
  });
});

describe('the award catalogue', () => {
  it('has the nine awards of the spec in order, each with a text, an icon and a colour', () => {
    expect(AWARDS.map((a) => [a.id, a.name])).toEqual([
      [1, 'Participation Ribbon'],
      [2, 'Improvement Ribbon'],
      [3, 'Persistence Ribbon'],
      [4, 'Endurance Ribbon'],
      [5, 'Excellence Ribbon'],
      [6, 'Champion Trophy'],
      [7, 'Bronze Medal'],
      [8, 'Silver Medal'],
      [9, 'Gold Medal'],
    ]);
    for (const award of AWARDS) {
      expect(award.text.length).toBeGreaterThan(0);
      expect(award.criterion.length).toBeGreaterThan(0);
      expect(award.icon.length).toBeGreaterThan(0);
      expect(award.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('says nothing of the Improvement Ribbon that a card marked "I already know it" makes untrue (issue 31)', () => {
    // Such a card is Intermediate at once (scheduler lessonMastery): it never waited six days.
    const text = awardById(2).text;
    expect(text).not.toMatch(/^[^,]*you still knew it after six days!$/);
    expect(text).toMatch(/knew it already/);
    expect(text).toMatch(/after six days/);
  });

  it("uses the spec's own texts for Participation and Gold", () => {
    expect(awardById(1).text).toBe('You participated in the course!');
    expect(awardById(9).text).toBe("You're the best around! Gold Medal");
  });
});
