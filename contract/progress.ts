// The progress calls' answers (issue 18): the home page's dashboard, a course's stats and its mastery (level and
// awards). The requests are in progress.requests.ts.
import * as z from 'zod/mini';
import { profileSchema } from './accounts';
import { COURSES } from './courses';
import { catchUpSchema, nextCardSchema } from './study';

const named = z.object({ name: z.string() });

/** GET /api/users/stats, and the `stats` of GET /api/admin/users/:id. */
export const statsSchema = z.object({
  levels: z.array(
    z.object({
      level: z.number(),
      primary: named,
      secondary: z.nullish(named),
      untrained: z.number(),
      learning: z.number(),
      intermediate: z.number(),
      mastered: z.number(),
      /** the level's cards and how many can be studied now (fewer while sentences are being written) */
      cards: z.optional(z.number()),
      available: z.optional(z.number()),
    }),
  ),
  review_forecast: z.array(z.object({ day: z.number(), count: z.number() })),
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/users/course_mastery: the course's level, its awards (granted or not) and each level's completion. */
export const masterySchema = z.object({
  course: z.string(),
  level: z.number(),
  awards: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      name: z.string(),
      text: z.nullish(z.string()),
      /** How to earn it (optional). */
      criterion: z.nullish(z.string()),
      icon: z.nullish(z.string()),
      color: z.nullish(z.string()),
      granted_at: z.nullable(z.string()),
    }),
  ),
  levels: z.array(z.object({ level: z.number(), total: z.number(), available: z.optional(z.number()), completed: z.number() })),
});
export type Mastery = z.infer<typeof masterySchema>;
export type Award = Mastery['awards'][number];

export const courseDashboardSchema = z.object({
  course: z.enum(COURSES),
  level: z.number(),
  level_cards: z.number(),
  level_done: z.number(),
  level_available: z.number(),
  review_count: z.number(),
  new_available: z.number(),
  next_review_at: z.nullable(z.string()),
  forecast_total: z.number(),
  learned_count: z.number(),
});
export type CourseDashboard = z.infer<typeof courseDashboardSchema>;

/** GET /api/dashboard: the home page in one call, per course what is due, what is new and the level's progress. */
export const dashboardSchema = z.object({
  first_visit: z.boolean(),
  courses: z.array(courseDashboardSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /api/pages/course?course=…: a course page's first screen in one call (issue 31, item 12), each part the
 * answer of its own endpoint: the profile, the study panel's next card, the stats (progress table and review
 * forecast), the awards and the catch-up plan (GET /api/study/catch-up: a pile's offer, or the running plan). index.html names it in a preload, so it is on its way before the scripts run. The
 * dictionary is not in it: it loads after the first screen.
 */
export const coursePageSchema = z.object({
  profile: profileSchema,
  flashcard: nextCardSchema,
  stats: statsSchema,
  mastery: masterySchema,
  catch_up: catchUpSchema,
});
export type CoursePage = z.infer<typeof coursePageSchema>;
