/**
 * A server for the API benchmark, in its own process so the load generator has the other core:
 *   app <pglite|postgres-url> [nocache] [history] [web] [jobs]  the real app (demo seed + 40 users; `history`: and
 *                              the demo fleet's 13 months of telemetry; `web`: serving the built web app;
 *                              `jobs`: the job queue, and the alarm sweep after a batch)
 *   bare <json-file>           a bare Fastify route answering the same JSON
 * Prints `ready <port>` when listening. Over IPC, `{ copy: <csv-file> }` loads the file's rows with a raw
 * COPY into a copy of `telemetry_events` (same columns and indexes) in the same database, and answers
 * `{ rows, ms }`: the ingest benchmark's baseline. `{ sweep: ms }` runs the fiscal sender against a
 * simulated CIS in this process for that long (or until every bill is sent) and answers `{ fiscalized, ms }`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { count, eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { bills, companies, fiscalCertificates, fiscalSettings, users } from '../apps/server/src/db/schema/index.ts';
import { seedHistory } from '../apps/server/src/demo/history.ts';
import { seedLoyalty } from '../apps/server/src/demo/loyalty.ts';
import { isEmpty, seedDemo } from '../apps/server/src/demo/seed.ts';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seed-all.ts';
import { startCisSimulator } from '../apps/server/src/fiscal/cis-simulator.ts';
import { makeDemoCa, makeFiscalCertificate } from '../apps/server/src/fiscal/fiscal-certificates.ts';
import { FiscalKeys } from '../apps/server/src/fiscal/keys.ts';
import { BillSender } from '../apps/server/src/modules/bills/bills.sender.ts';
import { activeKeyFor } from '../apps/server/src/modules/bills/bills.service.ts';
import { installFiscalCertificate } from '../apps/server/src/modules/bills/fiscal-settings.service.ts';
import { composeDue } from '../apps/server/src/modules/mail/mail.compose.ts';

const [mode, arg, ...flags] = process.argv.slice(2);
/** Seals the bench companies' fiscal keys (the demo's certificates). */
const FISCAL_BENCH_SECRET = 'bench-fiscal-secret-bench-fiscal-secret!!';
const fiscalKeys = new FiscalKeys(FISCAL_BENCH_SECRET);
let app: FastifyInstance;
if (mode === 'bare') {
  const body = readFileSync(arg ?? '', 'utf8');
  app = Fastify();
  app.get('/api/v2/users', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(body),
  );
} else {
  const pglite = arg === 'pglite' || !arg ? await PGlite.create() : null;
  const database = await openDatabase(pglite ? { pglite } : { url: arg as string });
  const columns = 'company_id, logger_id, device_id, location_id, seq, type, at, reported_at, received_at, amount_cents, count, test, data';
  // A plain table with the indexes an event is written to: the parent's (copied by `like`) and the
  // unique `(logger, seq)` and `id` each month's partition has of its own (decision 0059).
  const table = `create table if not exists bench_copy (like telemetry_events including all);
    create unique index if not exists bench_copy_logger_seq_key on bench_copy (logger_id, seq);
    create unique index if not exists bench_copy_id_key on bench_copy (id)`;
  process.on('message', async (message: { copy: string; rows: number } | { bills: true } | { sweep: number }) => {
    if ('bills' in message) {
      const [row] = await database.db.select({ n: count() }).from(bills);
      process.send?.({ bills: row?.n ?? 0 });
      return;
    }
    if ('sweep' in message) {
      // The background sender against the simulated CIS in this process, for `sweep` ms (or until done).
      const cis = await startCisSimulator({ keyFor: (oib) => activeKeyFor(database.db, fiscalKeys, oib) });
      const sender = new BillSender(database.db, fiscalKeys, cis);
      const started = performance.now();
      let fiscalized = 0;
      for (;;) {
        const left = message.sweep - (performance.now() - started);
        if (left <= 0) break;
        const run = await sender.sweep({ budgetMs: left });
        fiscalized += run.fiscalized;
        if (!run.more) break;
      }
      const ms = performance.now() - started;
      await cis.close();
      process.send?.({ fiscalized, ms });
      return;
    }
    const started = performance.now();
    if (pglite) {
      await pglite.exec(table);
      await pglite.query(`copy bench_copy (${columns}) from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([readFileSync(message.copy)]),
      });
    } else {
      const client = new pg.Client({ connectionString: arg });
      await client.connect();
      await client.query(table);
      await pipeline(createReadStream(message.copy), client.query(copyFrom(`copy bench_copy (${columns}) from stdin with (format csv)`)));
      await client.end();
    }
    process.send?.({ rows: message.rows, ms: performance.now() - started });
  });
  await database.migrate();
  // The cached and the uncached run share a PostgreSQL database: fill it once.
  if (flags.includes('web')) {
    // The screens as `npm start` shows them: the demo's bills in every state, its stock and imports,
    // and with `history` its 13 months of telemetry (`$id` 1 of every screen is then a demo row).
    await seedDemoIfEmpty(
      database,
      { seedDemo: true, seedHistory: flags.includes('history'), databaseUrl: pglite ? undefined : arg },
      fiscalKeys,
    );
    // The mail `npm start`'s job queue composes in its first minute (the outbox's mail 1), without the queue.
    await composeDue(database.db, new Date());
  } else if (await isEmpty(database.db)) {
    await seedDemo(database.db, fiscalKeys);
    // The demo's loyalty cards (no credit yet): the ingest benchmark's card spends debit them.
    await seedLoyalty(database.db);
    const [first] = await database.db.select().from(users);
    await database.db.insert(users).values(
      Array.from({ length: 40 }, (_, i) => ({
        companyId: 1,
        email: `bench${i}@zabavni.test`,
        name: `Bench${i}`,
        surname: `User${i}`,
        roles: ['worker' as const],
        passwordHash: first?.passwordHash ?? '',
        phone: '+385 91 000 0000',
      })),
    );
    if (flags.includes('history')) {
      // Seeding writes batches of 5,000 events: on PostgreSQL without the statement time-out.
      const seeding = pglite ? database : await openDatabase({ url: arg as string, statementTimeoutMs: 0 });
      await seedHistory(seeding.db, fiscalKeys);
      await seeding.db.execute(sql`analyze`); // as autovacuum would, sooner or later, after a bulk load
      if (seeding !== database) await seeding.close();
    }
  }
  // Fiscalization (decision 0017): `nofiscal` leaves the demo companies without an active certificate (no
  // bills are issued); otherwise they sign with fresh 2048-bit keys, as FINA's are (the demo's are 1024).
  await database.db.update(fiscalCertificates).set({ active: false });
  if (!flags.includes('nofiscal')) {
    const ca = makeDemoCa();
    const owners = await database.db.select({ companyId: fiscalSettings.companyId }).from(fiscalSettings);
    for (const { companyId } of owners) {
      const [company] = await database.db.select().from(companies).where(eq(companies.id, companyId));
      if (!company) continue;
      await installFiscalCertificate(database.db, fiscalKeys, company, makeFiscalCertificate(ca, company));
    }
  }
  app = await buildApp({
    database,
    jwtSecret: 'bench-secret-bench-secret-bench-secret!!',
    fiscalKeySecret: FISCAL_BENCH_SECRET,
    // `web`: the built web app too (apps/web/dist), for the first-paint benchmark.
    webDist: flags.includes('web') ? undefined : null,
    cache: !flags.includes('nocache'),
    // `jobs`: the job queue and its workers, and the alarm sweep a batch asks for (the alarms bench).
    jobs: flags.includes('jobs'),
    // `mqtt`: the embedded MQTT broker for loggers on a free port (the ingest bench's `--via mqtt`, decision 0057).
    mqtt: flags.includes('mqtt') ? { port: 0, host: '127.0.0.1' } : undefined,
  });
  app.addHook('onClose', () => database.close());
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(`ready ${(app.server.address() as { port: number }).port}${app.mqtt?.brokerPort ? ` mqtt ${app.mqtt.brokerPort}` : ''}`);
