import { createIsolatedDatabase } from '../../test/test-db';
import { levelCardCounts } from './catalogue-counts';

describe('the cards per course and level (kept per catalogue revision)', () => {
  let db: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    db = await createIsolatedDatabase();
  });
  afterAll(() => db.drop());

  const add = (id: number, level: number, retired = false) =>
    db.pool.query(
      `insert into materials (material_type, material_id, course, level, position, version, servable, retired, data) values ('vocab', $1, 'vocab1', $2, $1, 1, true, $3, '{}')`,
      [id, level, retired],
    );
  const bump = () => db.pool.query('update catalogue_revision set revision = revision + 1');
  const counts = async () => Object.fromEntries((await levelCardCounts(db.pool, ['vocab1'])).get('vocab1') ?? new Map());

  it('counts the materials not retired, and counts again once the catalogue revision moves', async () => {
    await add(1, 1);
    await add(2, 1);
    await add(3, 2, true);
    await bump();
    expect(await counts()).toEqual({ 1: 2 });
    // Every catalogue writer bumps the revision in its transaction; until it does, the counts are the kept ones.
    await add(4, 2);
    expect(await counts()).toEqual({ 1: 2 });
    await bump();
    expect(await counts()).toEqual({ 1: 2, 2: 1 });
    expect((await levelCardCounts(db.pool, ['kana'])).size).toBe(0);
  });
});
