import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../testing/database.ts';
import { databaseUrl } from '../testing/postgres.ts';
import { openDatabase } from './client.ts';
import { executePrepared } from './prepared.ts';

describe('how the app runs its statements', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.dispose());

  it('answers as execute does, with its parameters, again and again', async () => {
    for (const n of [1, 2, 3]) {
      const result = (await executePrepared(database.db, sql`select ${n}::int + 1 as next, ${`x${n}`}::text as label`)) as unknown as {
        rows: { next: number; label: string }[];
      };
      expect(result.rows).toEqual([{ next: n + 1, label: `x${n}` }]);
    }
  });

  it('keeps one named statement per text on a PostgreSQL connection, planned once', async () => {
    if (database.kind !== 'postgres') return; // PGlite has no named statements: it runs the text
    await database.db.transaction(async (tx) => {
      const statement = (n: number) => sql`select count(*)::int as n from generate_series(1, ${n}::int)`;
      for (const n of [5, 6, 7]) await executePrepared(tx, statement(n));
      await executePrepared(tx, sql`select ${1}::int as other`);
      const prepared = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where name like 'k\\_%' order by statement`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      const statements = prepared.rows.map((r) => r.statement);
      // Three calls of one text, one statement; the connection may hold others of earlier tests.
      expect(statements.filter((s) => s.includes('generate_series'))).toEqual([
        'select count(*)::int as n from generate_series(1, $1::int)',
      ]);
      expect(statements).toContain('select $1::int as other');
    });
  });

  it('runs every PostgreSQL connection of the pool without JIT (decision 0034)', async () => {
    if (database.kind !== 'postgres') return; // PGlite has no JIT
    // Several at once: each on a connection of the pool.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => database.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
    );
    expect(answers.map((a) => (a as unknown as { rows: { jit: string }[] }).rows[0]?.jit)).toEqual(['off', 'off', 'off']);
  });

  it("keeps the options of the database's URL beside it", async () => {
    if (database.kind !== 'postgres' || !process.env.DATABASE_URL) return;
    const [{ name }] = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] })
      .rows as [{ name: string }];
    const url = new URL(databaseUrl(process.env.DATABASE_URL, name));
    url.searchParams.set('options', '-c work_mem=5MB');
    const other = await openDatabase({ url: url.toString() });
    try {
      const answer = (await other.db.execute(
        sql`select current_setting('jit') as jit, current_setting('work_mem') as work_mem`,
      )) as unknown as {
        rows: { jit: string; work_mem: string }[];
      };
      expect(answer.rows[0]).toEqual({ jit: 'off', work_mem: '5MB' });
    } finally {
      await other.close();
    }
  });
});
