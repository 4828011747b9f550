// The progress calls' requests (issue 18): the course a stats or mastery page is about.
import * as z from 'zod/mini';
import { COURSES } from './courses';

/** GET /api/users/stats and GET /api/users/course_mastery: ?course=… */
export const courseQuerySchema = z.object({ course: z.enum(COURSES) });
