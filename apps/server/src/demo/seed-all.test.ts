import type { DemoHistoryStatus } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import { FiscalKeys } from '../fiscal/keys.ts';
import { readDemoHistory } from '../modules/dashboard/dashboard.demo-history.ts';
import { FISCAL_TEST_SECRET, testApp } from '../testing/app.ts';
import { seedHistory } from './history.ts';
import { seedLoyalty } from './loyalty.ts';
import { beginDemoHistory, seedDemoBase } from './seed-all.ts';

// The demo's history written in the background (decision 0044), interrupted twice (in its telemetry,
// then before the steps after it) and resumed, against the same history written in one go: the
// same figures, nothing counted twice. Three to four and a half weeks, over two calendar months (UTC,
// as the history counts them) whatever the day it runs: not thirteen months.
const keys = new FiscalKeys(FISCAL_TEST_SECRET);
const now = new Date();
const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
const from = new Date(Math.min(now.getTime() - 21 * 86_400_000, monthStart - 86_400_000));
const config = { seedDemo: false, seedHistory: true, databaseUrl: undefined };

const t = await testApp();
await seedLoyalty(t.db, now);
await beginDemoHistory(t.db, { now, from });
// The server's handle on it (seedDemoBase reads `db`; without DATABASE_URL it seeds through it).
const database = { db: t.db, kind: 'pglite' } as unknown as Database;

const reference = await testApp();
await seedLoyalty(reference.db, now);
await seedHistory(reference.db, keys, { now, from });

/** What the history writes, counted and summed: twice-written events, spends or top-ups would show. */
async function figures(db: Db) {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    events: await one(sql`select count(*)::int as n, count(distinct (logger_id, seq))::int as distinct from telemetry_events`),
    rollups: await one(
      sql`select coalesce(sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents), 0)::bigint::text as cents, coalesce(sum(events), 0)::bigint::text as events from device_daily`,
    ),
    deposits: await one(sql`select count(*)::int as n, coalesce(sum(reported_coins_cents), 0)::bigint::text as coins from deposits`),
    cards: await one(
      sql`select count(*)::int as n, coalesce(sum(paid_cents), 0)::bigint::text as paid, coalesce(sum(bonus_cents), 0)::bigint::text as bonus from card_transactions`,
    ),
    topUps: await one(sql`select count(*)::int as n from top_ups`),
    bills: await one(sql`select count(*)::int as n from bills`),
  };
}

const status = async () => (await t.json<DemoHistoryStatus>('admin', { url: '/api/v2/dashboard/demo-history' })).body;

describe('the demo history written in the background', () => {
  it('says it is writing before it starts, from month 1', async () => {
    expect(await status()).toMatchObject({ state: 'writing', phase: 'telemetry', month: 1, months: 2, percent: 0 });
    // Any signed-in role reads it: the screens of the past say it is being written.
    expect((await t.json<DemoHistoryStatus>('worker', { url: '/api/v2/dashboard/demo-history' })).body.state).toBe('writing');
  });

  it('resumes where an interrupted start stopped, in its telemetry and before its steps, counting nothing twice', async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    // A start that stops after three batches (a kill between two of them leaves the same).
    let asked = 0;
    const first = await seedDemoBase(database, config, keys);
    expect(first).toMatchObject({ seeded: false });
    await first.history?.({ stopped: () => ++asked > 3, log });
    expect(lines.at(-1)).toBe('demo history: stopped; the next start resumes it');
    const stopped = await readDemoHistory(t.db);
    expect(stopped).toMatchObject({ state: 'writing', topUps: true, finished: false, steps: [] });
    const partial = await figures(t.db);
    expect(partial.events.n).toBeGreaterThan(0);
    expect(partial.events.n).toBeLessThan((await figures(reference.db)).events.n as number);
    expect((await status()).state).toBe('writing');

    // The next start resumes it and is stopped again once the telemetry is written, before the steps after it.
    let written = false;
    const second = await seedDemoBase(database, config, keys);
    await second.history?.({
      stopped: () => written,
      log: (line) => {
        log(line);
        if (/month 2 of 2/.test(line)) written = true;
      },
    });
    expect(lines).toContain(`demo history: resuming at month ${(stopped?.monthsDone ?? 0) + 1} of 2`);
    expect(await readDemoHistory(t.db)).toMatchObject({ state: 'writing', monthsDone: 2, finished: true, steps: [] });
    expect(await status()).toMatchObject({ state: 'writing', phase: 'settling', month: 2, percent: 100 });
    // The telemetry and all it derived (rollups, deposits, card spends, top-ups, bills) as one run made them.
    expect(await figures(t.db)).toEqual(await figures(reference.db));

    // The third start writes the steps after it, and says it is done.
    const third = await seedDemoBase(database, config, keys);
    await third.history?.({ log });
    expect(lines.at(-1)).toMatch(/^demo history: done in [\d.]+ s, [\d,]+ events/);
    expect(await status()).toMatchObject({ state: 'done', phase: null, percent: 100, finishedAt: expect.any(String) });
    const done = await figures(t.db);
    expect(done.events.n).toBe(done.events.distinct);
    // A later start has nothing to write.
    expect((await seedDemoBase(database, config, keys)).history).toBeNull();
    expect(await figures(t.db)).toEqual(done);
    // Three runs of the history and its steps: longer than a request's test on two busy cores.
  }, 180_000);
});
