import { createIsolatedDatabase } from '../../test/test-db';
import { fixedClock } from '../platform/clock';
import { withTransaction } from '../platform/database/database';
import { bumpCatalogueRevision } from '../content';
import { ServableTotals } from './servable-totals';
import { courseMaterials, insertMaterials } from './testing/study-fixtures';

// Servable totals per level are kept per catalogue revision: read once, then from memory until the catalogue
// changes (at once for a change by this process, within 500 ms for one by another process). The 500 ms are on the
// injected clock: the test moves it instead of sleeping.

describe('ServableTotals', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let totals: ServableTotals;
  const clock = fixedClock(new Date('2026-01-05T12:00:00Z'));
  beforeAll(async () => {
    db = await createIsolatedDatabase();
    await db.pool.query('delete from materials');
    await insertMaterials(db.pool, [...courseMaterials('vocab1', 3, 2), { course: 'vocab1', level: 2, position: 99, materialId: 99, servable: false }]);
    totals = new ServableTotals(db.pool, clock);
  });
  afterAll(() => db.drop());

  it('counts the servable materials of each level of a course', async () => {
    expect(await totals.byLevel('vocab1')).toEqual([0, 3, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(await totals.byLevel('kanji2')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('reads them again at once after a catalogue change committed by this process', async () => {
    await totals.byLevel('vocab1');
    await withTransaction(db.pool, async (tx) => {
      await tx.query(`update materials set servable = true where material_id = 99`);
      await bumpCatalogueRevision(tx);
    });
    expect((await totals.byLevel('vocab1'))[2]).toBe(4);
  });

  it('keeps them while the catalogue does not change, and sees another process change within 500 ms', async () => {
    const before = await totals.byLevel('vocab1');
    // Changed behind its back and not marked as a catalogue change: the cached totals stand.
    await db.pool.query(`update materials set servable = false where material_id = 99`);
    expect(await totals.byLevel('vocab1')).toEqual(before);
    // Another process's catalogue change: the revision moves in the database only.
    await db.pool.query('update catalogue_revision set revision = revision + 1');
    clock.set(new Date(clock.now().getTime() + 499));
    expect((await totals.byLevel('vocab1'))[2]).toBe(4);
    clock.set(new Date(clock.now().getTime() + 1));
    expect((await totals.byLevel('vocab1'))[2]).toBe(3);
  });
});
