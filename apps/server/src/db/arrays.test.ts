import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../testing/database.ts';
import { arrayLiteral } from './arrays.ts';

describe('arrayLiteral', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.dispose());

  it('is read back by PostgreSQL as the values it was made of', async () => {
    const texts = ['plain', 'with "quotes"', 'back\\slash', '{braces},comma', ' spaced ', '', 'NULL', 'ćevapi ž'];
    const numbers = [0, -1, 2 ** 52, 1.5, null];
    const objects = [{ a: 'x"y\\z', n: [1, { b: null }] }, null, {}];
    const result = await database.db.execute(sql`select
      ${arrayLiteral(texts)}::text[] as texts, ${arrayLiteral(numbers)}::float8[] as numbers,
      ${arrayLiteral([true, false, null])}::boolean[] as flags, ${arrayLiteral(objects)}::jsonb[] as objects,
      ${arrayLiteral([])}::int[] as empty`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(row).toEqual({ texts, numbers, flags: [true, false, null], objects, empty: [] });
  });

  it('refuses a number PostgreSQL would not read', () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow(TypeError);
    expect(() => arrayLiteral([Number.POSITIVE_INFINITY])).toThrow(TypeError);
  });
});
