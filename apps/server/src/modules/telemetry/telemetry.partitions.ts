import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The monthly partitions of `telemetry_events` (decision 0059, docs/rules.md "Retention of raw
// events"): made ahead by the partitions job, and dropped whole once past the retention. A month is
// a UTC month of the event's time (`at`), as the partitions' bounds are.

/** Months made ahead of the current one: a job that stops for up to this long leaves no month unmade. */
export const MONTHS_AHEAD = 3;

/**
 * The shortest retention allowed, in months: the VAT book and the transactions list read raw events
 * (docs/rules.md "Retention of raw events"), and the last closed business year's must stay whole.
 */
export const MIN_RETENTION_MONTHS = 13;

/** What a sweep did: the partitions it made and dropped, and the rows it deleted from the default partition. */
export interface PartitionSweep {
  created: string[];
  dropped: string[];
  deletedFromDefault: number;
}

/** The first day of the UTC month `months` after the one `at` falls in, as `YYYY-MM-DD`. */
export function monthStart(at: Date, months = 0): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

const MONTH_PARTITION = /^telemetry_events_(\d{4})_(\d{2})$/;

/**
 * The first month whose raw events are kept with `retentionMonths` at `now`: the current month and
 * the `retentionMonths` whole months before it. Null keeps every month.
 */
export function retentionHorizon(now: Date, retentionMonths: number | null): string | null {
  return retentionMonths === null ? null : monthStart(now, -retentionMonths);
}

/** The months partitions are made for at `now`: the current one and `MONTHS_AHEAD` after it. */
const monthsToMake = (now: Date) => Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => monthStart(now, i));

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Drops one partition, waiting at most 5 s for its lock: a drop takes the parent's lock, so a long
 * report on the events would otherwise hold every insert queued behind the drop. A drop that cannot
 * have the lock is left for the next sweep (the error is the caller's to log).
 */
async function dropPartition(db: Db, name: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(sql.raw(`drop table "${name}"`));
  });
}

/**
 * Makes the months ahead (`telemetry_events_add_month`, migration 0041: a month the default partition
 * caught rows of gets them) and, with a retention, drops the months before its horizon, the partition
 * the table was before migration 0041 (`telemetry_events_legacy`) once nothing in it is that recent,
 * and deletes the default partition's older rows (few: what came for a month not made).
 */
export async function sweepTelemetryPartitions(db: Db, now: Date, retentionMonths: number | null): Promise<PartitionSweep> {
  const created: string[] = [];
  // The months the table had before migration 0041 holds (up to the month after it ran) are not made:
  // their partition would overlap it.
  const [legacy] = rowsOf<{ bound: string | null }>(
    await db.execute(sql`select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.relname = 'telemetry_events_legacy'`),
  );
  const legacyEnd = legacy?.bound ? Date.parse(/TO \('([^']+)'\)/.exec(legacy.bound)?.[1] ?? '') : Number.NaN;
  for (const month of monthsToMake(now)) {
    if (Date.parse(`${month}T00:00:00Z`) < legacyEnd) continue;
    const [row] = rowsOf<{ made: boolean }>(await db.execute(sql`select telemetry_events_add_month(${month}::date) as made`));
    if (row?.made) created.push(`telemetry_events_${month.slice(0, 7).replace('-', '_')}`);
  }
  const horizon = retentionHorizon(now, retentionMonths);
  if (horizon === null) return { created, dropped: [], deletedFromDefault: 0 };
  const parts = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'telemetry_events'::regclass order by 1`),
  ).map((p) => p.name);
  const dropped: string[] = [];
  const horizonMonth = horizon.slice(0, 7);
  for (const name of parts) {
    const month = MONTH_PARTITION.exec(name);
    if (month && `${month[1]}-${month[2]}` < horizonMonth) {
      await dropPartition(db, name);
      dropped.push(name);
    }
  }
  if (parts.includes('telemetry_events_legacy')) {
    const [recent] = rowsOf<{ any: boolean }>(
      await db.execute(
        sql`select exists (select 1 from telemetry_events_legacy where at >= (${horizon}::timestamp at time zone 'UTC')) as any`,
      ),
    );
    if (!recent?.any) {
      await dropPartition(db, 'telemetry_events_legacy');
      dropped.push('telemetry_events_legacy');
    }
  }
  const deleted = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (delete from telemetry_events_default where at < (${horizon}::timestamp at time zone 'UTC') returning 1)
      select count(*)::int as n from gone`),
  );
  return { created, dropped, deletedFromDefault: Number(deleted[0]?.n ?? 0) };
}
