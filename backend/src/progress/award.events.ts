import { z } from 'zod';
import { defineEvent } from '../platform/event-store/event-registry';
import { AWARD_IDS, COURSES, deterministicUuid, type Course } from '../study';

// Awards are granted once per user, award and course, as events of the stream `awards-<user>-<course>`.
// The awards reactor derives each event id from (user, course, award), so granting twice stores it once.

export const AWARD_STREAM_TYPE = 'awards';
export const awardStreamId = (userId: string, course: Course) => `awards-${userId}-${course}`;
export const awardEventId = (userId: string, course: Course, awardId: number) => deterministicUuid('kioku:award', `${userId}\u0000${course}\u0000${awardId}`);

export const AwardGranted = defineEvent(
  'AwardGranted',
  z.object({
    userId: z.string().min(1),
    course: z.enum(COURSES),
    awardId: z.literal(AWARD_IDS),
    /** when the grade that earned it was made */
    grantedAt: z.iso.datetime({ offset: true }),
  }),
);
export type AwardGrantedData = z.infer<typeof AwardGranted.schema>;
