// API shapes that more than one feature parses. A feature never imports another, so a shape two of them read
// lives here once and they cannot drift apart (issue 18: admin and study disagreed on `kanji_id`).
import * as z from 'zod/mini';

// The card content is the API contract's (contract/content.ts, issue 18), which the backend declares too.
export { breakdownEntrySchema, materialContentSchema, type BreakdownEntry } from '../../../contract/content';

const named = z.object({ name: z.string() });

/** A learner's stats for one course: GET /api/users/stats, and the `stats` of GET /api/admin/users/:id. */
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
