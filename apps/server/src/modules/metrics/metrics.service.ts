/**
 * The figures an operator watches that live in the database (docs/deploy.md "What to watch"): read
 * when `/metrics` is scraped, not kept in the process, so every instance reports the same truth.
 */
import { sql } from 'drizzle-orm';
import type { OperationalFigures } from '../../core/metrics.ts';
import type { Db } from '../../db/client.ts';

const ageOf = (at: unknown) => (at ? Math.max(0, Math.round((Date.now() - new Date(at as string).getTime()) / 1000)) : 0);
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export async function operationalFigures(db: Db): Promise<OperationalFigures> {
  // The queue's tables are pg-boss's, made when an instance first starts its jobs.
  const [queue] = rowsOf(await db.execute(sql`select to_regclass('pgboss.job') is not null as present`));
  const [jobs] = queue?.present
    ? rowsOf(
        await db.execute(sql`
          select count(*)::int as waiting, min(created_on) as oldest from pgboss.job
          where state in ('created', 'retry') and start_after <= now()`),
      )
    : [];
  const [bills] = rowsOf(await db.execute(sql`select count(*)::int as waiting, min(issued_at) as oldest from bills where jir is null`));
  const [exports] = rowsOf(
    await db.execute(sql`
      select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'running')::int as running
      from exports where status in ('queued', 'running')`),
  );
  return {
    jobsWaiting: Number(jobs?.waiting ?? 0),
    oldestJobSeconds: ageOf(jobs?.oldest),
    billsUnfiscalized: Number(bills?.waiting ?? 0),
    oldestUnfiscalizedSeconds: ageOf(bills?.oldest),
    exportsQueued: Number(exports?.queued ?? 0),
    exportsRunning: Number(exports?.running ?? 0),
  };
}
