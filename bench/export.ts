/**
 * A big export (decision 0026): `--rows` generated transactions (1,000,000 by default)
 * of one company exported as CSV (or XLSX) through `POST /api/v2/exports` and the export sweep, in
 * this process: rows per second, the peak RSS growth over the build (and of the heap in use plus
 * Buffers, which a file held whole would show), and how long other users' reads
 * (`GET /api/v2/devices`, asked every 200 ms during the build) took; beside the baseline of PostgreSQL
 * writing the same rows itself (`COPY (select …) TO STDOUT` through psql), in the same run.
 *   npm run bench -- export [--rows 1000000] [--format csv|xlsx]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { FiscalKeys } from '../apps/server/src/fiscal/keys.ts';
import { ExportSweep } from '../apps/server/src/modules/exports/exports.service.ts';
import { benchDatabase, here } from './support.ts';

const SECRET = 'bench-fiscal-secret-bench-fiscal-secret!!';

export async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { rows: { type: 'string', default: '1000000' }, format: { type: 'string', default: 'csv' } },
  });
  const rows = Number(values.rows);
  const target = await benchDatabase('postgres');
  const database = await openDatabase({ url: target.dbArg });
  await database.migrate();
  await seedDemo(database.db, new FiscalKeys(SECRET));
  const app = await buildApp({ database, jwtSecret: 'bench-jwt-secret-that-is-long-enough-123', fiscalKeySecret: SECRET, webDist: null });
  await app.ready();
  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/authentication_token',
      payload: { email: 'manager@zabavni.test', password: 'kovanica-demo' },
    });
    const authorization = `Bearer ${login.json<{ token: string }>().token}`;
    const [device] = rowsOf<{ id: number; company_id: number; logger_id: number }>(
      await database.db.execute(sql`
        select d.id, d.company_id, d.logger_id from devices d join companies c on c.id = d.company_id
        where d.logger_id is not null and c.name = 'Zabavni automati d.o.o.' order by d.id limit 1`),
    );
    if (!device) throw new Error('no demo device with a logger');
    const generated = performance.now();
    // A coin a minute backwards from a year ago, on one device (sequence numbers far above the demo's).
    // In one transaction without the statement time-out (the app's pool has one).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
        insert into telemetry_events (company_id, logger_id, device_id, seq, type, at, received_at, amount_cents, count)
        select ${device.company_id}, ${device.logger_id}, ${device.id}, 1000000000 + g, 'coin',
          now() - interval '365 days' - g * interval '1 minute', now(), 100, 1
        from generate_series(1, ${rows}) g`);
    });
    await database.db.execute(sql`analyze telemetry_events`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from telemetry_events where company_id = ${device.company_id}
        and type in ('coin', 'note', 'token', 'cashless', 'card', 'free_ride', 'reset', 'prize_out')`),
    );
    console.log(`generated ${rows.toLocaleString('en')} transactions in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

    // Baseline: PostgreSQL writes the same rows as CSV itself.
    const copyStarted = performance.now();
    const copied = execFileSync(
      'psql',
      [
        target.dbArg,
        '-qAt',
        '-c',
        `copy (select id, at, device_id, location_id, type, amount_cents, count, test, seq from telemetry_events
          where company_id = ${device.company_id} and type in ('coin', 'note', 'token', 'cashless', 'card', 'free_ride', 'reset', 'prize_out') order by at desc, id desc) to stdout with (format csv, delimiter ';')`,
      ],
      { maxBuffer: 1024 * 1024 * 1024 },
    );
    const copyMs = performance.now() - copyStarted;

    const asked = await app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: { authorization },
      payload: { kind: 'transactions', format: values.format, params: {} },
    });
    if (asked.statusCode !== 202) throw new Error(`export: ${asked.statusCode} ${asked.body}`);
    const id = asked.json<{ '@id': string }>()['@id'];

    global.gc?.();
    const before = process.memoryUsage();
    const rssBefore = before.rss;
    let rssPeak = rssBefore;
    // What the process holds beside the V8 heap's own slack: the heap in use and Buffers (a file held whole is there).
    const heldBefore = before.heapUsed + before.external;
    let heldPeak = heldBefore;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      rssPeak = Math.max(rssPeak, now.rss);
      heldPeak = Math.max(heldPeak, now.heapUsed + now.external);
    }, 50);
    // Another user reads a list meanwhile: how long each answer takes while the export builds.
    const waits: number[] = [];
    let building = true;
    const reader = (async () => {
      while (building) {
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/api/v2/devices?itemsPerPage=30&client=${Math.random()}`,
          headers: { authorization },
        });
        if (res.statusCode !== 200) throw new Error(`devices: ${res.statusCode}`);
        waits.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const started = performance.now();
    const sweep = new ExportSweep(database.db, (m, e) => console.error(m, e), app.lists);
    // As the queue would: sweeps until it is built (a chunk that timed out is built again, up to 3 times).
    for (let i = 0; i < 5; i++) {
      await sweep.sweep({ budgetMs: 30 * 60_000 });
      const { status } = (await app.inject({ method: 'GET', url: id, headers: { authorization } })).json<{ status: string }>();
      if (status === 'done' || status === 'failed') break;
    }
    const ms = performance.now() - started;
    building = false;
    clearInterval(sampler);
    await reader;
    const done = (await app.inject({ method: 'GET', url: id, headers: { authorization } })).json<{
      status: string;
      rows: number;
      size: number;
      error: string | null;
    }>();
    if (done.status !== 'done') throw new Error(`export ${done.status}: ${done.error}`);
    waits.sort((a, b) => a - b);
    const pct = (p: number) => waits[Math.min(waits.length - 1, Math.floor(p * waits.length))] ?? 0;
    const figures = {
      rows: done.rows,
      listed: n,
      format: values.format,
      seconds: ms / 1000,
      rowsPerSecond: done.rows / (ms / 1000),
      fileMB: done.size / 1e6,
      rssGrowthMB: (rssPeak - rssBefore) / 1e6,
      heldGrowthMB: (heldPeak - heldBefore) / 1e6,
      otherReadsDuringBuild: waits.length,
      otherReadP50ms: pct(0.5),
      otherReadP95ms: pct(0.95),
      copySeconds: copyMs / 1000,
      copyRowsPerSecond: n / (copyMs / 1000),
      copyMB: copied.length / 1e6,
    };
    console.log(`export of ${figures.rows.toLocaleString('en')} transactions as ${values.format} on PostgreSQL:`);
    console.log(
      `  export sweep              ${figures.seconds.toFixed(1)} s, ${Math.round(figures.rowsPerSecond).toLocaleString('en')} rows/s, file ${figures.fileMB.toFixed(1)} MB`,
    );
    console.log(
      `  peak RSS growth           ${figures.rssGrowthMB.toFixed(0)} MB (heap in use + Buffers: ${figures.heldGrowthMB.toFixed(0)} MB)`,
    );
    console.log(
      `  another user's list read  p50 ${figures.otherReadP50ms.toFixed(0)} ms, p95 ${figures.otherReadP95ms.toFixed(0)} ms (${waits.length} reads during the build)`,
    );
    console.log(
      `  baseline: COPY TO STDOUT  ${figures.copySeconds.toFixed(1)} s, ${Math.round(figures.copyRowsPerSecond).toLocaleString('en')} rows/s, ${figures.copyMB.toFixed(1)} MB (no names, no formats)`,
    );
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `export-${Date.now()}.json`), JSON.stringify(figures, null, 2));
  } finally {
    await app.close();
    await database.close();
    await target.dropDb?.();
  }
}
