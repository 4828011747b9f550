// Test helpers (not used by the app): catalogue rows and a controllable clock for study and progress tests.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bumpCatalogueRevision } from '../../content';
import { Queryable } from '../../platform/database/database';
import { Clock, CLOCK, fixedClock } from '../../platform/clock';
import { materialTypeOf, type Course } from '../courses';

export interface MaterialFixture {
  course: Course;
  level: number;
  position: number;
  materialId: number;
  servable?: boolean;
}

/** Inserts materials rows directly (the content loader fills them in the app). */
export async function insertMaterials(db: Queryable, materials: MaterialFixture[]): Promise<void> {
  await db.query(
    `insert into materials (material_type, material_id, course, level, position, version, servable, data)
     select t, id, c, l, p, 1, s, jsonb_build_object('kana', 'か', 'sentence', 'テスト' || id, 'sentence_meaning', 'Test ' || id, 'material_id', id)
       from unnest($1::text[], $2::int[], $3::text[], $4::smallint[], $5::int[], $6::boolean[]) x(t, id, c, l, p, s)`,
    [
      materials.map((m) => materialTypeOf(m.course)),
      materials.map((m) => m.materialId),
      materials.map((m) => m.course),
      materials.map((m) => m.level),
      materials.map((m) => m.position),
      materials.map((m) => m.servable ?? true),
    ],
  );
  // As every catalogue write does: what is kept per catalogue revision is read again.
  await bumpCatalogueRevision(db);
}

/** `count` materials per level for levels 1..levels, ids from `firstId`, positions in lesson order. */
export function courseMaterials(course: Course, perLevel: number, levels = 9, firstId = 1): MaterialFixture[] {
  const out: MaterialFixture[] = [];
  for (let level = 1; level <= levels; level++) {
    for (let i = 0; i < perLevel; i++) out.push({ course, level, position: out.length + 1, materialId: firstId + out.length });
  }
  return out;
}

/**
 * Pins the app's clock (the CLOCK provider every handler and the auth guard read) at `start`, and returns a
 * handle to move it. The provider's instance is changed in place, so everything that injected it follows.
 */
export function pinClock(app: NestFastifyApplication, start: Date): ReturnType<typeof fixedClock> {
  const controlled = fixedClock(start);
  const provided = app.get<Clock>(CLOCK);
  provided.now = () => controlled.now();
  return controlled;
}

/** Inserts learned cards with given due dates directly into card_states (the forecast is a query on it). */
export async function insertDueCards(db: Queryable, userId: string, course: Course, dues: Date[], options: { level?: number; firstMaterialId?: number } = {}): Promise<void> {
  const first = options.firstMaterialId ?? 1;
  await db.query(
    `insert into card_states (user_id, course, material_type, material_id, level, attempts, mastery, interval_hours, due_at, last_reviewed_at, learned_at, version)
     select $1, $2, $3, $4::int + i - 1, $5, 2, 'learning', 8, d, d - interval '8 hours', d - interval '8 hours', 2
       from unnest($6::timestamptz[]) with ordinality u(d, i)`,
    [userId, course, materialTypeOf(course), first, options.level ?? 1, dues],
  );
}
