import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startDemoMqttLogger } from './demo/mqtt-logger.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo/seed.ts';
import { seedDemoBase } from './demo/seed-all.ts';
import { startCisSimulator } from './fiscal/cis-simulator.ts';
import { FiscalKeys } from './fiscal/keys.ts';
import { activeKeyFor } from './modules/bills/bills.service.ts';
import { forgetForecasts } from './modules/dashboard/dashboard.figures.ts';
import { findUserByEmail } from './modules/users/users.queries.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl, statementTimeoutMs: config.statementTimeoutMs } : { dataDir: config.dataDir },
);
await database.migrate();

const fiscalKeys = new FiscalKeys(config.fiscalKeySecret);
// The base demo now; its 13 months of history once the server listens (decision 0044), or what an
// interrupted start left of them.
const demo = await seedDemoBase(database, config, fiscalKeys);
// Under `npm start` the web app builds meanwhile (tools/start.ts): it is served once built.
if (process.env.KOVANICA_AWAIT_BUILD && process.send) {
  await new Promise<void>((resolve) => process.on('message', (message) => message === 'built' && resolve()));
  process.disconnect();
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
  corsOrigins: config.corsOrigins,
  metricsToken: config.metricsToken,
  telemetryRetentionMonths: config.telemetryRetentionMonths ?? null,
  push: { vapid: config.vapid, subject: config.vapidSubject },
  mapTiles: config.mapTiles,
  mqtt: config.mqtt.port !== null || config.mqtt.url ? config.mqtt : undefined,
});
app.addHook('onClose', () => simulatedCis.close());

let closing = false;
/** The demo's logger that reports over MQTT, when the embedded broker runs (started below). */
let mqttLogger: ReturnType<typeof startDemoMqttLogger> | null = null;
/** The demo history being written in the background, if it is: stopped between two batches at shutdown. */
let history: Promise<void> | null = null;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  // Not ready any more, still serving: the proxy takes the instance out of its pool, then it closes,
  // finishing what is in flight (docs/deploy.md "Rolling restart").
  app.readiness.draining = true;
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  await history;
  // Each step is tried whatever the one before did (PGlite runs without fsync: closing it is what
  // makes the data safe), and a step that failed is logged and makes the exit code 1.
  let failed = false;
  for (const step of [async () => mqttLogger?.close(), () => app.close(), () => database.close()]) {
    await step().catch((error: unknown) => {
      failed = true;
      app.log.error({ err: error }, 'could not close cleanly');
    });
  }
  process.exit(failed ? 1 : 0);
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
if (app.mqtt?.brokerPort) lines.push(`MQTT broker for loggers at mqtt://${shownHost}:${app.mqtt.brokerPort} (docs/api.md "MQTT")`);
if (config.mqtt.url) lines.push('Taking logger batches from the MQTT broker at MQTT_URL');
// The demo's MQTT logger reports through the embedded broker (decision 0057).
mqttLogger =
  app.mqtt?.brokerPort && (await findUserByEmail(database.db, demoAccounts.admin.email))
    ? startDemoMqttLogger(app.mqtt.brokerPort, (message, error) => app.log.warn({ err: error }, message))
    : null;
if (mqttLogger)
  lines.push(`Demo logger ${mqttLogger.imei} reports through MQTT every minute (its "last seen" on the loggers' page keeps up).`);
if (demo.history) lines.push('The demo’s 13 months of history are being written in the background: progress below and on the dashboard.');
console.log(lines.join('\n'));

if (demo.history) {
  history = demo
    .history({ stopped: () => closing })
    // The dashboard's forecast learnt from the part written so far: it learns again from the whole.
    .then(() => forgetForecasts(database.db))
    .catch((error: unknown) => app.log.error({ err: error }, 'the demo history could not be written'));
}
