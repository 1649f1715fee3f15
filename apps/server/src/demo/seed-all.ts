import type { Config } from '../config.ts';
import { analyze, type Database, type Db, openDatabase } from '../db/client.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { readDemoHistory, saveDemoHistory } from '../modules/dashboard/dashboard.demo-history.ts';
import { seedDemoAlarms } from './alarms.ts';
import { seedDemoCommands } from './commands.ts';
import { seedDemoBills, settleDemoBills, switchOnDemoFiscalization } from './fiscal.ts';
import { FLEET_SINCE } from './fleet.ts';
import { seedHeldTelemetry } from './held.ts';
import { type HistoryProgress, HistoryStopped, historyMonths, seedHistory } from './history.ts';
import { seedImports } from './imports.ts';
import { seedLoyalty, settleDemoCards } from './loyalty.ts';
import { seedDemoMachineAudits } from './machine-audits.ts';
import { seedMaintenance } from './maintenance.ts';
import { seedMonthCloses } from './month-close.ts';
import { seedDemoPlanograms } from './planograms.ts';
import { DEMO_ISTRA_OIB, DEMO_ZABAVNI_OIB, isEmpty, seedDemo } from './seed.ts';
import { seedStock } from './stock.ts';
import { seedAuditTrail } from './trail.ts';
import { seedDemoVisits } from './visits.ts';

type SeedConfig = Pick<Config, 'seedDemo' | 'seedHistory' | 'databaseUrl'>;

/** Writes the history and what follows it; `stopped()` true stops it between batches (it resumes at the next start). */
export type DemoHistoryWriter = (options?: { stopped?: () => boolean; log?: (line: string) => void }) => Promise<void>;

/**
 * Demo data: by default only into a new embedded database; SEED_DEMO=1 also into an empty PostgreSQL.
 * The full form: the whole demo, its 13 months of history included, before it answers (tests,
 * benches). Answers whether it seeded.
 */
export async function seedDemoIfEmpty(database: Database, config: SeedConfig, fiscalKeys: FiscalKeys): Promise<boolean> {
  const demo = await seedDemoBase(database, config, fiscalKeys);
  await demo.history?.();
  return demo.seeded;
}

/**
 * The server's form (`main.ts`, decision 0044): the base demo now (the companies, their people, the
 * fleet and the loyalty programme: the screens work with it), and, when the demo has a history, a
 * writer of the 13 months and of what follows them (held telemetry, bills, stock, maintenance,
 * imports, the trail, the month closes) for the server to run in the background once it listens.
 * A database whose history an earlier start left unfinished gets the writer too: it resumes where
 * that start stopped (the `demoHistory` mark, saved with each step's writes), never counting twice.
 */
export async function seedDemoBase(
  database: Database,
  config: SeedConfig,
  fiscalKeys: FiscalKeys,
): Promise<{ seeded: boolean; history: DemoHistoryWriter | null }> {
  const seed = config.seedDemo ?? database.kind === 'pglite';
  if (!seed || !(await isEmpty(database.db))) {
    const mark = await readDemoHistory(database.db);
    return { seeded: false, history: mark?.state === 'writing' ? historyWriter(database, config, fiscalKeys) : null };
  }
  const seeding = await seedingDatabase(database, config);
  const db = seeding.db;
  // Each step's time is printed: a slow step shows.
  const began = performance.now();
  const took: string[] = [];
  const step = timed(took);
  await step('companies', () => seedDemo(db, fiscalKeys));
  // The loyalty programme's owners, cards and points of sale; the history spends and tops the cards up.
  await step('loyalty', () => seedLoyalty(db));
  if (config.seedHistory) {
    // The history is written after the server listens: its mark says where it stands.
    await beginDemoHistory(db, { now: new Date(), from: FLEET_SINCE });
    console.log(`  base demo in ${seconds(began)} s (${took.join(', ')}); its 13 months of history follow`);
    if (seeding !== database) await seeding.close();
    return { seeded: true, history: historyWriter(database, config, fiscalKeys) };
  }
  for (const [name, work] of afterHistory(fiscalKeys, false)) await step(name, () => work(db));
  await step('statistics', () => analyze(db));
  console.log(`  demo data in ${seconds(began)} s (${took.join(', ')})`);
  if (seeding !== database) await seeding.close();
  return { seeded: true, history: null };
}

/** Marks the demo's history as to be written, from `from` up to `now`: the writer (`seedDemoBase`) reads it. */
export async function beginDemoHistory(db: Db, { now, from }: { now: Date; from: Date }): Promise<void> {
  await saveDemoHistory(db, {
    state: 'writing',
    now: now.toISOString(),
    from: from.toISOString(),
    topUps: false,
    monthsDone: 0,
    months: historyMonths(from, now).length,
    finished: false,
    steps: [],
    written: 0,
    total: 0,
    eventsPerSecond: null,
    finishedAt: null,
  });
}

/**
 * What follows the history, in this order: each step reads what the ones before wrote. With the
 * history (`withHistory`), its held batches first and the month closes last.
 */
function afterHistory(fiscalKeys: FiscalKeys, withHistory: boolean): [string, (db: Db) => Promise<unknown>][] {
  return [
    // Batches held as implausible: one waiting for a decision, one released, one discarded.
    ...(withHistory ? [['held telemetry', (db: Db) => seedHeldTelemetry(db, fiscalKeys)] as [string, (db: Db) => Promise<unknown>]] : []),
    // The history's bills: fiscalized but for the last day's (sent at start) and Istra's recent ones.
    ['bills settled', (db) => settleDemoBills(db, DEMO_ISTRA_OIB)],
    // The device that fiscalized nothing is switched on: its unbilled payments are the comparison's mismatches.
    ['fiscalization', (db) => switchOnDemoFiscalization(db)],
    // Bills written by hand in every state (sent, cancelled, unfiscalized past the alarm and the limit).
    ['bills', (db) => seedDemoBills(db, fiscalKeys, { zabavni: DEMO_ZABAVNI_OIB, istra: DEMO_ISTRA_OIB })],
    // After the history: the prizes loaded into the machines follow what they paid out.
    ['stock', (db) => seedStock(db)],
    // The machines' upkeep since they were placed: the maintenance lists and EBITDA's maintenance.
    ['maintenance', (db) => seedMaintenance(db)],
    ['imports', (db) => seedImports(db)],
    ['cards settled', (db) => settleDemoCards(db)],
    // Last: the trail of the counts, verifications, bills and card blocks written above, as users made them.
    ['audit trail', (db) => seedAuditTrail(db)],
    // Once every month of the history is settled: the accountant's closes, and a late batch for one.
    ...(withHistory ? [['month close', (db: Db) => seedMonthCloses(db, fiscalKeys)] as [string, (db: Db) => Promise<unknown>]] : []),
    // Last, over everything above: the alarms that hold now, the last month's as history, one taken.
    ['alarms', (db) => seedDemoAlarms(db)],
    // Then today's collection round from the devices due (their alarms among the reasons), one stop done.
    ['visits', (db) => seedDemoVisits(db)],
    // Commands waiting for their loggers: service mode asked for one device, a reset delivered to another.
    ['commands', (db) => seedDemoCommands(db)],
    // Two vending machines' planograms, before their audits are read (docs/rules.md "Planograms and audit sales").
    ['planograms', (db) => seedDemoPlanograms(db)],
    // The vending machines' own audits read after their emptyings, one matching no device yet (docs/rules.md "Machine audits").
    ['machine audits', (db) => seedDemoMachineAudits(db)],
  ];
}

/**
 * The writer of the history and its following steps, from where the `demoHistory` mark stands: the
 * months through `seedHistory`'s checkpoints, then each step in one transaction with the mark that
 * says it is done. Logs a line a month ("demo history: month 4 of 13, 38 %, 12,000 events/s").
 */
function historyWriter(database: Database, config: SeedConfig, fiscalKeys: FiscalKeys): DemoHistoryWriter {
  return async ({ stopped = () => false, log = console.log } = {}) => {
    const seeding = await seedingDatabase(database, config);
    const db = seeding.db;
    try {
      const mark = await readDemoHistory(db);
      if (mark?.state !== 'writing') return;
      const began = performance.now();
      const took: string[] = [];
      const step = timed(took);
      // The rate counts this run's events from its first batch.
      let base: { at: number; written: number } | null = null;
      let savedAt = 0;
      let loggedMonth = mark.monthsDone;
      const rateOf = (written: number) => {
        const spent = base ? (performance.now() - base.at) / 1000 : 0;
        return base && spent > 0.5 ? Math.round((written - base.written) / spent) : null;
      };
      const update = (p: HistoryProgress) => {
        Object.assign(mark, {
          topUps: p.topUps,
          monthsDone: p.monthsDone,
          months: p.months,
          finished: p.finished,
          written: p.written,
          total: p.total,
          eventsPerSecond: rateOf(p.written) ?? mark.eventsPerSecond,
        });
      };
      if (!mark.finished) {
        if (mark.monthsDone === 0 && !mark.topUps) log(`demo history: writing ${mark.months} months of the fleet’s telemetry…`);
        else log(`demo history: resuming at month ${Math.min(mark.monthsDone + 1, mark.months)} of ${mark.months}`);
        await step('history', () =>
          seedHistory(db, fiscalKeys, {
            now: new Date(mark.now),
            from: new Date(mark.from),
            checkpoint: { topUps: mark.topUps, monthsDone: mark.monthsDone, finished: mark.finished },
            stopped,
            // The server answers beside it: on PGlite a batch holds its thread, so batches are small and a
            // moment apart, for the requests waiting in between.
            ...(database.kind === 'pglite' ? { batchSize: 500 } : {}),
            onProgress: async (p) => {
              if (database.kind === 'pglite') await new Promise((resolve) => setTimeout(resolve, 10));
              base ??= { at: performance.now(), written: p.written };
              update(p);
              // The status the dashboard reads, every few seconds between batches.
              if (performance.now() - savedAt > 2000) {
                savedAt = performance.now();
                await saveDemoHistory(db, mark);
              }
            },
            save: async (into, _checkpoint, p) => {
              update(p);
              savedAt = performance.now();
              await saveDemoHistory(into, mark);
              if (p.monthsDone > loggedMonth && !p.finished) {
                loggedMonth = p.monthsDone;
                const rate = mark.eventsPerSecond === null ? '' : `, ${mark.eventsPerSecond.toLocaleString('en')} events/s`;
                log(`demo history: month ${p.monthsDone} of ${p.months}, ${Math.floor((100 * p.written) / Math.max(1, p.total))} %${rate}`);
              }
            },
          }),
        );
      }
      for (const [name, work] of afterHistory(fiscalKeys, true)) {
        if (mark.steps.includes(name)) continue;
        if (stopped()) throw new HistoryStopped();
        await step(name, () =>
          db.transaction(async (tx) => {
            await work(tx);
            await saveDemoHistory(tx, { ...mark, steps: [...mark.steps, name] });
          }),
        );
        mark.steps.push(name);
      }
      await step('statistics', () => analyze(db));
      const rate = mark.eventsPerSecond === null ? '' : ` at ${mark.eventsPerSecond.toLocaleString('en')} events/s`;
      await saveDemoHistory(db, { ...mark, state: 'done', written: mark.total, finishedAt: new Date().toISOString() });
      log(`demo history: done in ${seconds(began)} s, ${mark.total.toLocaleString('en')} events${rate} (${took.join(', ')})`);
    } catch (error) {
      if (error instanceof HistoryStopped) log('demo history: stopped; the next start resumes it');
      else throw error;
    } finally {
      if (seeding !== database) await seeding.close();
    }
  };
}

/** Seeding writes in bulk (batches of 5,000 events, a year of bills settled at once): on PostgreSQL without the statement time-out, which is for requests. */
const seedingDatabase = async (database: Database, config: SeedConfig) =>
  config.databaseUrl ? await openDatabase({ url: config.databaseUrl, statementTimeoutMs: 0 }) : database;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs a step and notes its time in `took`. */
const timed =
  (took: string[]) =>
  async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    took.push(`${name} ${seconds(started)} s`);
    return result;
  };
