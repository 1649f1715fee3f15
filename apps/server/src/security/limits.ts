import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** A limit: at most `max` attempts per key in a window of `windowMs`, the window starting at the key's first attempt. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** An attempt taken: its number in the window (1 for the first) and when the window ends. */
export interface Taken {
  ok: true;
  count: number;
  resetAt: Date;
}

/** An attempt refused: the key has used its window; it may try again in `retryAfter` seconds. */
export interface Refused {
  ok: false;
  retryAfter: number;
}

/**
 * The product's limits, counted in the database (`limit_counters`), so every server process on it
 * counts the same attempts (docs/api.md, "Limits"). Each attempt is taken by one statement before the
 * work it limits starts (a password checked, a file read): parallel attempts cannot all slip under the
 * limit while the first ones are still working, on one instance or on several.
 */
export class Limits {
  /** Sweeps old windows now and then, not on every attempt. */
  private taken = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    /** Multiplies every limit: only the API fuzzer sets it, so its thousands of requests reach past them. */
    private readonly scale = 1,
  ) {}

  /**
   * Takes an attempt of `key` under `limit`: one conditional upsert, atomic however many run at once.
   * A window that has ended starts again with this attempt.
   */
  async take(key: string, limit: Limit, db: Db | Tx = this.db): Promise<Taken | Refused> {
    const now = new Date(this.now());
    const reset = new Date(now.getTime() + limit.windowMs);
    const result = await db.execute(sql`
      insert into limit_counters as c (key, count, reset_at) values (${key}, 1, ${reset.toISOString()}::timestamptz)
      on conflict (key) do update set
        count = case when c.reset_at <= ${now.toISOString()}::timestamptz then 1 else c.count + 1 end,
        reset_at = case when c.reset_at <= ${now.toISOString()}::timestamptz then excluded.reset_at else c.reset_at end
      where c.reset_at <= ${now.toISOString()}::timestamptz or c.count < ${limit.max * this.scale}::bigint
      returning count, reset_at`);
    const row = (result as unknown as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
    if (++this.taken % 1_000 === 0) await this.sweep(now);
    if (row) return { ok: true, count: Number(row.count), resetAt: new Date(row.reset_at) };
    return { ok: false, retryAfter: await this.retryAfter(key, db) };
  }

  /** Seconds until `key` may try again (0: now). */
  async retryAfter(key: string, db: Db | Tx = this.db): Promise<number> {
    const result = await db.execute(sql`select reset_at from limit_counters where key = ${key}`);
    const row = (result as unknown as { rows: { reset_at: string | Date }[] }).rows[0];
    if (!row) return 0;
    return Math.max(0, Math.ceil((new Date(row.reset_at).getTime() - this.now()) / 1000));
  }

  /**
   * Forgives a successful attempt and every attempt of its window counted before it (a right password
   * clears the wrong ones before it), never one taken after it started: those stay counted.
   */
  async forgive(key: string, taken: Taken, db: Db | Tx = this.db): Promise<void> {
    await db.execute(sql`
      update limit_counters set count = greatest(count - ${taken.count}, 0)
      where key = ${key} and reset_at = ${taken.resetAt.toISOString()}::timestamptz`);
  }

  /** Gives back one attempt of the window it was taken in (a finished upload leaves the ones in progress). */
  async giveBack(key: string, taken: Taken, db: Db | Tx = this.db): Promise<void> {
    await db.execute(sql`
      update limit_counters set count = greatest(count - 1, 0)
      where key = ${key} and reset_at = ${taken.resetAt.toISOString()}::timestamptz`);
  }

  private async sweep(now: Date) {
    await this.db.execute(
      sql`delete from limit_counters where reset_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
    );
  }
}
