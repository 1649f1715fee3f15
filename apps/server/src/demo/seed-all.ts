import type { Config } from '../config.ts';
import { analyze, type Database, openDatabase } from '../db/client.ts';
import type { FiscalKeys } from '../fiscal/keys.ts';
import { seedDemoBills, settleDemoBills, switchOnDemoFiscalization } from './fiscal.ts';
import { seedHeldTelemetry } from './held.ts';
import { seedHistory } from './history.ts';
import { seedImports } from './imports.ts';
import { seedLoyalty, settleDemoCards } from './loyalty.ts';
import { seedMaintenance } from './maintenance.ts';
import { seedMonthCloses } from './month-close.ts';
import { DEMO_ISTRA_OIB, DEMO_ZABAVNI_OIB, isEmpty, seedDemo } from './seed.ts';
import { seedStock } from './stock.ts';
import { seedAuditTrail } from './trail.ts';

/**
 * Demo data: by default only into a new embedded database; SEED_DEMO=1 also into an empty PostgreSQL.
 * The server does it at start (`main.ts`), under `npm start` while the web app builds. Answers
 * whether it seeded.
 */
export async function seedDemoIfEmpty(
  database: Database,
  config: Pick<Config, 'seedDemo' | 'seedHistory' | 'databaseUrl'>,
  fiscalKeys: FiscalKeys,
): Promise<boolean> {
  const seed = config.seedDemo ?? database.kind === 'pglite';
  if (!seed || !(await isEmpty(database.db))) return false;
  // Seeding writes in bulk (batches of 5,000 events, a year of bills settled at once): on PostgreSQL
  // without the statement time-out, which is for requests.
  const seeding = config.databaseUrl ? await openDatabase({ url: config.databaseUrl, statementTimeoutMs: 0 }) : database;
  const db = seeding.db;
  // Each step's time is printed: the first start's wait is the history's, and a slow step shows.
  const began = performance.now();
  const took: string[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    took.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  await step('companies', () => seedDemo(db, fiscalKeys));
  // The loyalty programme's owners, cards and points of sale; the history spends and tops the cards up.
  await step('loyalty', () => seedLoyalty(db));
  if (config.seedHistory) {
    console.log('Writing the demo fleet’s 13 months of telemetry through the ingestion code…');
    const events = await step('history', () => seedHistory(db, fiscalKeys));
    console.log(`  ${events.toLocaleString('en')} events`);
    // Batches held as implausible: one waiting for a decision, one released, one discarded.
    await step('held telemetry', () => seedHeldTelemetry(db, fiscalKeys));
  }
  // The history's bills: fiscalized but for the last day's (sent at start) and Istra's recent ones.
  await step('bills settled', () => settleDemoBills(db, DEMO_ISTRA_OIB));
  // The device that fiscalized nothing is switched on: its unbilled payments are the comparison's mismatches.
  await step('fiscalization', () => switchOnDemoFiscalization(db));
  // Bills written by hand in every state (sent, cancelled, unfiscalized past the alarm and the limit).
  await step('bills', () => seedDemoBills(db, fiscalKeys, { zabavni: DEMO_ZABAVNI_OIB, istra: DEMO_ISTRA_OIB }));
  // After the history: the prizes loaded into the machines follow what they paid out.
  await step('stock', () => seedStock(db));
  // The machines' upkeep since they were placed: the maintenance lists and EBITDA's maintenance.
  await step('maintenance', () => seedMaintenance(db));
  await step('imports', () => seedImports(db));
  await step('cards settled', () => settleDemoCards(db));
  // Last: the trail of the counts, verifications, bills and card blocks written above, as users made them.
  await step('audit trail', () => seedAuditTrail(db));
  // Once every month of the history is settled: the accountant's closes, and a late batch for one.
  if (config.seedHistory) await step('month close', () => seedMonthCloses(db, fiscalKeys));
  await step('statistics', () => analyze(db));
  console.log(`  demo data in ${((performance.now() - began) / 1000).toFixed(0)} s (${took.join(', ')})`);
  if (seeding !== database) await seeding.close();
  return true;
}
