import { businessDate, type DeviceGroup, type WorkingHours } from '@kovanica/contract';
import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cities, companies, deposits, devices, locations, loggers, users } from '../db/schema/index.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { type SimDevice, simulate, simulateInTurns } from '../modules/telemetry/simulation.ts';
import { ingestBatch } from '../modules/telemetry/telemetry.ingest.ts';
import { recomputeRollupMoney } from '../modules/telemetry/telemetry.service.ts';
import { demoSettledBefore } from './fiscal.ts';
import { DEMO_CITIES, demoImei, demoTrouble, FLEET_SINCE } from './fleet.ts';
import { demoCardsByCompany, regularsOf, replayDemoLedgers, seedDemoTopUps } from './loyalty.ts';
import { demoPersonOf } from './people.ts';
import { DEMO_ISTRA_OIB, DEMO_ZABAVNI_OIB } from './seed.ts';

/** Events per ingestion call while seeding: large batches, the same code path as the API's. */
const CHUNK = 5000;

/**
 * Where a history being written stands, saved as it goes so that an interrupted one resumes
 * (`demo/seed-all.ts`, decision 0044): the loyalty top-ups written, the months written (each month's
 * events of every logger; a month begun again is safe: a `(logger, seq)` already stored is skipped),
 * and the settling after them.
 */
export interface HistoryCheckpoint {
  topUps: boolean;
  monthsDone: number;
  finished: boolean;
}

/** How far the history has come. */
export interface HistoryProgress extends HistoryCheckpoint {
  /** The month being written, 0-based, of `months`. */
  month: number;
  months: number;
  /** Events of the months before plus this month's so far, of `total`; `stored` newly stored by this run. */
  written: number;
  total: number;
  stored: number;
}

export interface HistoryOptions {
  now?: Date;
  /** `from`: a shorter history (tests); the fleet's placement by default. */
  from?: Date;
  seed?: number;
  /** Resumes from here (the same `now`, `from` and `seed` as the run that saved it). */
  checkpoint?: HistoryCheckpoint;
  /** Saves a checkpoint: in the transaction given, with the writes it records, or on its own after a month (given, the history is written a month at a time). */
  save?: (db: Db, checkpoint: HistoryCheckpoint, progress: HistoryProgress) => Promise<void>;
  /** Called before and after every batch (the caller may save its own progress there). */
  onProgress?: (progress: HistoryProgress) => Promise<void> | void;
  /** Events per ingestion call (5,000 by default): smaller while the server answers requests beside it (PGlite runs each in the server's own thread). */
  batchSize?: number;
  /** Asked between batches: true stops the writing there (the server is closing); it resumes at the next start. */
  stopped?: () => boolean;
}

/** Thrown by `seedHistory` when `stopped()` said so. */
export class HistoryStopped extends Error {
  constructor() {
    super('the demo history was stopped; it resumes at the next start');
  }
}

/** The history's months: from `from` to the first of the next month (UTC), and so on up to `now`. */
export function historyMonths(from: Date, now: Date): { start: number; end: number }[] {
  const months: { start: number; end: number }[] = [];
  let start = from.getTime();
  while (start < now.getTime()) {
    const d = new Date(start);
    const end = Math.min(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), now.getTime());
    months.push({ start, end });
    start = end;
  }
  return months;
}

/**
 * Gives the demo fleet its history, from when it was placed (13 months ago) until now, written in
 * bulk through the ingestion code itself, so every derived table is exactly what live telemetry would
 * have made. A few devices end it in trouble (fleet.ts `demoTrouble`): critical, offline, in service
 * mode, without revenue. With `options.save`, written a month at a time across the fleet (each
 * logger's events in time order) with a checkpoint after each, so that it can resume (decision 0044).
 * Returns how many events were stored.
 */
export async function seedHistory(db: Db, keys: FiscalKeys, options: HistoryOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const from = options.from ?? FLEET_SINCE;
  const { rows, fleet, trouble } = await demoFleet(db, now);
  // A device at a time, letting the server answer between two (it writes the history while it serves).
  const { events } = await simulateInTurns(fleet, { from, to: now, seed: options.seed ?? 2026 });
  // A month at a time when it is saved as it goes (the server's background writer); otherwise (tests,
  // benches) each logger's whole history in turn, in the fewest batches: the same rows either way.
  const months = options.save ? historyMonths(from, now) : [{ start: from.getTime(), end: now.getTime() }];
  const total = [...events.values()].reduce((sum, list) => sum + list.length, 0);
  const mark: HistoryCheckpoint = { ...(options.checkpoint ?? { topUps: false, monthsDone: 0, finished: false }) };
  const progress = (month: number, written: number, stored: number): HistoryProgress => ({
    ...mark,
    month,
    months: months.length,
    written,
    total,
    stored,
  });
  const save = (into: Db, written: number, stored: number) =>
    options.save?.(into, { ...mark }, progress(mark.monthsDone, written, stored)) ?? Promise.resolve();
  // The loyalty cards its regulars play with are topped up before they are spent (demo/loyalty.ts).
  // Saved as it goes, with the checkpoint that says they are written (never sold twice on resuming).
  if (!mark.topUps && options.save) {
    await db.transaction(async (tx) => {
      await seedDemoTopUps(tx, keys, events, now);
      mark.topUps = true;
      await save(tx, 0, 0);
    });
  } else if (!mark.topUps) {
    await seedDemoTopUps(db, keys, events, now);
    mark.topUps = true;
  }
  // Bills of the history are stored as the simulated CIS answered them, but for the last ones (demo/fiscal.ts).
  const oibs = new Map((await db.select({ id: companies.id, oib: companies.oib }).from(companies)).map((c) => [c.id, c.oib]));
  const devices = rows.map((row) => {
    // The fleet's batches arrive now, but a logger gone silent was last heard when it went quiet.
    const silent = trouble.get(row.imei);
    return {
      logger: { id: row.loggerId, companyId: row.companyId },
      list: events.get(row.imei) ?? [],
      settledBefore: demoSettledBefore(oibs.get(row.companyId) ?? '', DEMO_ISTRA_OIB, now),
      receivedAt: silent?.kind === 'silent' && silent.since < now ? silent.since : now,
      next: 0,
    };
  });
  let stored = 0;
  let written = 0;
  for (const [month, span] of months.entries()) {
    // The last month takes whatever the simulation made up to now and at it.
    const end = month === months.length - 1 ? Number.POSITIVE_INFINITY : span.end;
    for (const device of devices) {
      let last = device.next;
      while (last < device.list.length && Date.parse(device.list[last]?.at ?? '') < end) last++;
      if (month >= mark.monthsDone) {
        const chunk = options.batchSize ?? CHUNK;
        for (let i = device.next; i < last; i += chunk) {
          if (options.stopped?.()) throw new HistoryStopped();
          await options.onProgress?.(progress(month, written + (i - device.next), stored));
          const batch = device.list.slice(i, Math.min(i + chunk, last));
          const answer = await ingestBatch(db, keys, device.logger, batch, device.receivedAt, device.settledBefore);
          stored += answer.accepted;
          await options.onProgress?.(progress(month, written + (Math.min(i + chunk, last) - device.next), stored));
        }
      }
      written += last - device.next;
      device.next = last;
    }
    if (month >= mark.monthsDone) {
      mark.monthsDone = month + 1;
      await save(db, written, stored);
    }
  }
  const settle = async (into: Db) => {
    // Written after their top-ups, the cards' spends are split again in time order (demo/loyalty.ts), and
    // the rollups' paid and bonus card plays with them.
    await replayDemoLedgers(into);
    await recomputeRollupMoney(into);
    await settleOldDeposits(into, now);
    await countDepositsOff(into, now);
    mark.finished = true;
  };
  // Saved as it goes, in one transaction with the checkpoint that says it is done.
  if (!mark.finished && options.save) {
    await db.transaction(async (tx) => {
      await settle(tx);
      await save(tx, written, stored);
    });
  } else if (!mark.finished) await settle(db);
  return stored;
}

/** The demo fleet as the simulator sees it (group, prices, coast, opening hours, its trouble), with each device's logger. */
async function demoFleet(db: Db, now: Date) {
  const rows = await db
    .select({
      loggerId: loggers.id,
      companyId: loggers.companyId,
      imei: loggers.imei,
      group: devices.group,
      playPriceCents: devices.playPriceCents,
      tokenValueCents: devices.tokenValueCents,
      hours: locations.workingHours,
      city: cities.name,
    })
    .from(devices)
    .innerJoin(loggers, eq(loggers.id, devices.loggerId))
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .innerJoin(cities, eq(cities.id, locations.cityId))
    // In a fixed order: a device's place in it picks its regulars, and a resumed history must simulate the same events.
    .orderBy(asc(devices.id));
  const coast = new Set<string>(DEMO_CITIES.filter((c) => c.coast).map((c) => c.name));
  const trouble = demoTrouble(now);
  const cards = await demoCardsByCompany(db);
  const fleet: SimDevice[] = rows.map((r, index) => ({
    imei: r.imei,
    group: r.group as DeviceGroup,
    playPriceCents: r.playPriceCents,
    tokenValueCents: r.tokenValueCents,
    coast: coast.has(r.city),
    hours: r.hours as WorkingHours,
    trouble: trouble.get(r.imei),
    cards: regularsOf(cards.get(r.companyId) ?? [], index),
  }));
  return { rows, fleet, trouble };
}

/**
 * The demo fleet's turnover per business day, as `seedHistory` would store it (coins, notes, cashless,
 * card spends and tokens at their value; not during service mode), simulated in memory without writing
 * anything: the traffic forecast's benchmark and tests learn from it. Days without any turnover are left out.
 */
export async function demoDailyTurnover(
  db: Db,
  options: { now?: Date; from?: Date; seed?: number } = {},
): Promise<{ day: string; valueCents: number }[]> {
  const now = options.now ?? new Date();
  const { fleet } = await demoFleet(db, now);
  const { events } = simulate(fleet, { from: options.from ?? FLEET_SINCE, to: now, seed: options.seed ?? 2026 });
  const tokenValue = new Map(fleet.map((d) => [d.imei, d.tokenValueCents]));
  const byDay = new Map<string, number>();
  for (const [imei, list] of events) {
    let service = false;
    for (const e of list) {
      if (e.type === 'service_mode') service = e.on;
      const cents =
        e.type === 'coin' || e.type === 'note'
          ? e.valueCents * (e.count ?? 1)
          : e.type === 'cashless' || e.type === 'card'
            ? e.valueCents
            : e.type === 'token'
              ? (e.count ?? 1) * (tokenValue.get(imei) ?? 0)
              : 0;
      if (cents === 0 || service) continue;
      const day = businessDate(e.at);
      byDay.set(day, (byDay.get(day) ?? 0) + cents);
    }
  }
  return [...byDay].map(([day, valueCents]) => ({ day, valueCents })).sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * Past deposits of the demo were counted by the company's worker and verified by its manager; one in
 * twenty of each company's (its first, 21st, 41st… with a euro in the box, in time order) came up a
 * euro short and carries the worker's note. Where a euro is past the company's tolerance, the manager
 * verified it with a note of their own. The last two days' stay open, as in real life. Counted per
 * company and in time order, every company has one however short the history (an id's remainder left
 * a company without any in some months).
 */
async function settleOldDeposits(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - 2 * 86_400_000);
  const short = sql`${deposits.id} in (select r.id from (select d.id, row_number() over (partition by d.company_id order by d.at, d.id) as n
    from ${deposits} d where d.at < ${cutoff.toISOString()}::timestamptz and d.reported_coins_cents >= 100) r where r.n % 20 = 1)`;
  const tolerance = sql`(select ${companies.depositToleranceCents} from ${companies} where ${companies.id} = ${deposits.companyId})`;
  await db
    .update(deposits)
    .set({
      depositCoinsCents: sql`${deposits.reportedCoinsCents} - case when ${short} then 100 else 0 end`,
      depositTokens: sql`${deposits.reportedTokens}`,
      note: sql`case when ${short} then 'Kovanica od 1 € zaglavljena u mehanizmu.' end`,
      verificationNote: sql`case when ${short} and ${tolerance} < 100 then 'Prihvaćeno: kovanica zaglavljena, mehanizam prijavljen servisu.' end`,
      reportedById: demoPersonOf(deposits.companyId, 'worker'),
      reportedAt: sql`${deposits.at} + interval '2 hours'`,
      verifiedById: demoPersonOf(deposits.companyId, 'manager'),
      verifiedAt: sql`${deposits.at} + interval '1 day'`,
    })
    .where(lt(deposits.at, cutoff));
}

/** The device whose last verified deposit was off beyond the tolerance (Boksač 2, Pula — Riva). */
const OFF_DEPOSIT_LOGGER = 36;

/**
 * Two of the operator's deposits differ from what telemetry reported by more than the company
 * tolerates: the last verified one of a device (6 € short, with the worker's note and the manager's
 * verification note, so the device is problematic until its next deposit is verified), and the newest
 * open one, counted 8,50 € short by the worker and waiting for a manager, who needs a verification
 * note to verify it.
 */
async function countDepositsOff(db: Db, now: Date) {
  const [operator] = await db
    .select({ id: companies.id, toleranceCents: companies.depositToleranceCents })
    .from(companies)
    .where(eq(companies.oib, DEMO_ZABAVNI_OIB));
  if (!operator) return;
  // Short by this much, or by more than the tolerance if that is larger; over by it when the box held less.
  const off = (cents: number) => {
    const by = Math.max(cents, operator.toleranceCents + 100);
    return sql`case when ${deposits.reportedCoinsCents} >= ${by} then ${deposits.reportedCoinsCents} - ${by} else ${deposits.reportedCoinsCents} + ${by} end`;
  };

  const [verified] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .innerJoin(devices, eq(devices.id, deposits.deviceId))
    .innerJoin(loggers, eq(loggers.id, devices.loggerId))
    .where(and(eq(loggers.imei, demoImei(OFF_DEPOSIT_LOGGER)), isNotNull(deposits.verifiedAt)))
    .orderBy(desc(deposits.at))
    .limit(1);
  if (verified) {
    await db
      .update(deposits)
      .set({
        depositCoinsCents: off(600),
        note: 'Manjak od 6 € pri brojanju; brava kasice zatečena otključana.',
        verificationNote: 'Provjereno s djelatnikom lokacije; manjak otpisan, brava zamijenjena.',
      })
      .where(eq(deposits.id, verified.id));
  }

  const [open] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.companyId, operator.id), isNull(deposits.reportedAt)))
    .orderBy(desc(deposits.at), desc(deposits.id))
    .limit(1);
  if (open) {
    await db
      .update(deposits)
      .set({
        depositCoinsCents: off(850),
        depositTokens: sql`${deposits.reportedTokens}`,
        reportedById: sql`(select ${users.id} from ${users} where ${users.companyId} = ${operator.id} and 'worker' = any(${users.roles}) order by ${users.id} limit 1)`,
        reportedAt: sql`least(${deposits.at} + interval '2 hours', ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(deposits.id, open.id));
  }
}
