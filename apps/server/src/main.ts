import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { analyze, openDatabase } from './db/client.ts';
import { seedDemoBills, settleDemoBills } from './demo/fiscal.ts';
import { seedHistory } from './demo/history.ts';
import { seedImports } from './demo/imports.ts';
import { seedLoyalty, settleDemoCards } from './demo/loyalty.ts';
import { DEMO_ISTRA_OIB, DEMO_PASSWORD, DEMO_ZABAVNI_OIB, demoAccounts, isEmpty, seedDemo } from './demo/seed.ts';
import { seedStock } from './demo/stock.ts';
import { startCisSimulator } from './fiscal/cis-simulator.ts';
import { FiscalKeys } from './fiscal/keys.ts';
import { activeKeyFor } from './modules/bills/bills.service.ts';
import { findUserByEmail } from './modules/users/users.queries.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs } : { dataDir: config.dataDir },
);
await database.migrate();

// Demo data: by default only into a new embedded database; SEED_DEMO=1 also into an empty PostgreSQL.
const seed = config.seedDemo ?? database.kind === 'pglite';
const fiscalKeys = new FiscalKeys(config.fiscalKeySecret);
if (seed && (await isEmpty(database.db))) {
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
  }
  // The history's bills: fiscalized but for the last day's (sent at start) and Istra's recent ones.
  await step('bills settled', () => settleDemoBills(db, DEMO_ISTRA_OIB));
  // Bills written by hand in every state (sent, cancelled, unfiscalized past the alarm and the limit).
  await step('bills', () => seedDemoBills(db, fiscalKeys, { zabavni: DEMO_ZABAVNI_OIB, istra: DEMO_ISTRA_OIB }));
  // After the history: the prizes loaded into the machines follow what they paid out.
  await step('stock', () => seedStock(db));
  await step('imports', () => seedImports(db));
  await step('cards settled', () => settleDemoCards(db));
  await step('statistics', () => analyze(db));
  console.log(`  demo data in ${((performance.now() - began) / 1000).toFixed(0)} s (${took.join(', ')})`);
  if (seeding !== database) await seeding.close();
}

// The simulated CIS, where companies in the 'simulated' fiscal environment (the demo's) send their
// bills; it checks their ZKIs with the companies' own keys.
const simulatedCis = await startCisSimulator({ keyFor: (oib) => activeKeyFor(database.db, fiscalKeys, oib) });

const app = await buildApp({
  database,
  jwtSecret: config.jwtSecret,
  fiscalKeySecret: config.fiscalKeySecret,
  jwtTtl: config.jwtTtl,
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
  simulatedCis,
  jobs: true,
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
});
app.addHook('onClose', () => simulatedCis.close());

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  await app.close();
  await database.close(); // PGlite runs without fsync: closing it is what makes the data safe.
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
const lines = [`Kovanica is running at http://${shownHost}:${port} (${where})`];
if (await findUserByEmail(database.db, demoAccounts.admin.email)) {
  lines.push(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const l of Object.values(demoAccounts)) lines.push(`  ${l.email.padEnd(26)} ${l.role.padEnd(11)} ${l.company}`);
}
console.log(lines.join('\n'));
