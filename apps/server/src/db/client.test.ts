import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../testing/database.ts';

describe('the PostgreSQL pool', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.dispose());

  it('runs every connection without JIT (decision 0034)', async () => {
    if (database.kind !== 'postgres') return; // PGlite has no JIT
    // Several at once: each on a connection of the pool.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => database.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
    );
    expect(answers.map((a) => (a as unknown as { rows: { jit: string }[] }).rows[0]?.jit)).toEqual(['off', 'off', 'off']);
  });
});
