/**
 * Scale benchmark (decisions 0014, 0015): a company of 3,000 devices with a year of telemetry, loaded through the
 * HTTP API on PostgreSQL, then its lists and reports timed as users read them. Each figure stands
 * beside its baseline from the same run: the ingest rate beside a raw COPY into a copy of the events
 * table, each read beside the bare query it replaces.
 *   npm run bench -- scale [--devices 3000] [--days 365] [--fraction 1] [--reuse] [--requests 20]
 * `--fraction 0.1` loads a tenth of the devices (the days stay a year). The database (`kovanica_scale`
 * on DATABASE_URL's server) is kept: `--reuse` skips the load and only times the reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, businessDate } from '@kovanica/contract';
import pg from 'pg';
import { demoImei } from '../apps/server/src/demo/fleet.ts';
import { credentialHash } from '../apps/server/src/security/credentials.ts';
import { demoAuthorization, here, machineBusySeconds, poster, serve, stop } from './support.ts';

const DB = 'kovanica_scale';
const FIRST = 1001; // demo logger numbers of the scale fleet: 1001, 1002, …
export const credential = (imei: string) => `kvl_scale_${imei}`;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

/** A device's events of a stretch of days: about 17 a day, at opening hours, a weekly emptying. */
function eventsOf(device: number, firstDay: number, days: number, start: number, seq: { next: number }) {
  const events: Record<string, unknown>[] = [];
  for (let d = firstDay; d < firstDay + days; d++) {
    const dayStart = start + d * 86_400_000 + 9 * 3_600_000; // 09:00 UTC
    const busy = 10 + ((device * 7 + d * 3) % 9); // 10–18 plays a day
    for (let i = 0; i < busy; i++) {
      const at = new Date(dayStart + i * 2_400_000 + ((device * 13 + i) % 60) * 1000).toISOString();
      const kind = (device + d + i) % 10;
      if (Date.parse(at) > Date.now()) break; // the year ends now
      if (kind < 6) events.push({ seq: seq.next++, at, type: 'coin', valueCents: kind % 3 === 0 ? 200 : 100, count: 1 });
      else if (kind < 8) events.push({ seq: seq.next++, at, type: 'token', count: 1 });
      else if (kind < 9) events.push({ seq: seq.next++, at, type: 'cashless', valueCents: 300 });
      else events.push({ seq: seq.next++, at, type: 'prize_out', count: 1 });
    }
    if (dayStart + 12 * 3_600_000 + 60_000 > Date.now()) continue;
    events.push({ seq: seq.next++, at: new Date(dayStart + 12 * 3_600_000).toISOString(), type: 'heartbeat', signal: -70 });
    if ((d + device) % 7 === 0)
      events.push({
        seq: seq.next++,
        at: new Date(dayStart + 12 * 3_600_000 + 60_000).toISOString(),
        type: 'emptying',
        coinsCents: 5000,
        tokens: 20,
      });
  }
  return events;
}

/** Creates the scale fleet in the demo's first company: locations, loggers, devices and their placements. */
export async function createFleet(client: pg.Client, devices: number, since: Date) {
  const [template] = (
    await client.query('select * from devices where logger_id is not null and location_id is not null order by id limit 1')
  ).rows;
  const [company] = (await client.query('select company_id from devices where id = $1', [template.id])).rows;
  const companyId = company.company_id as number;
  const columns = async (table: string) =>
    (
      await client.query(
        `select column_name from information_schema.columns where table_name = $1 and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name as string);
  /** Copies a row `n` times, with some columns replaced by SQL expressions of `n` (1-based). */
  const clone = async (table: string, id: number, n: number, replace: Record<string, string>, params: unknown[] = []) => {
    const cols = await columns(table);
    const list = cols.map((c) => `"${c}"`).join(', ');
    const values = cols.map((c) => replace[c] ?? `src."${c}"`).join(', ');
    const res = await client.query(
      `insert into ${table} (${list}) select ${values} from ${table} src, generate_series(1, ${n}) n where src.id = ${id} returning id`,
      params,
    );
    return res.rows.map((r) => r.id as number);
  };
  const locationCount = Math.max(1, Math.round(devices / 10));
  const locationIds = await clone('locations', template.location_id, locationCount, { name: `'Skala lokacija ' || n` });
  const imeis = Array.from({ length: devices }, (_, i) => demoImei(FIRST + i));
  const loggerIds = await clone('loggers', template.logger_id, devices, { imei: '($1::text[])[n]', credential_hash: '($2::text[])[n]' }, [
    imeis,
    imeis.map((imei) => credentialHash(credential(imei))),
  ]);
  const deviceIds = await clone(
    'devices',
    template.id,
    devices,
    { name: `'Skala ' || n`, logger_id: '($1::int[])[n]', location_id: `($2::int[])[1 + (n - 1) % ${locationCount}]` },
    [loggerIds, locationIds],
  );
  await client.query(
    `insert into device_placements (company_id, device_id, location_id, from_at)
     select $1, d.id, d.location_id, $2 from devices d where d.id = any($3::int[])`,
    [companyId, since, deviceIds],
  );
  return { companyId, imeis };
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string', default: '3000' },
      days: { type: 'string', default: '365' },
      fraction: { type: 'string', default: '1' },
      reuse: { type: 'boolean', default: false },
      requests: { type: 'string', default: '20' },
      inflight: { type: 'string', default: '6' },
    },
  });
  const devices = Math.max(1, Math.round(Number(values.devices) * Number(values.fraction)));
  const days = Number(values.days);
  const requests = Number(values.requests);
  const inflight = Number(values.inflight);
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const url = new URL(base);
  url.pathname = `/${DB}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount;
  if (!values.reuse || !exists) {
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.query(`create database ${DB}`);
  }
  await admin.end();
  const client = new pg.Client({ connectionString: url.toString() });
  const result: Record<string, unknown> = { bench: 'scale', devices, days, at: new Date().toISOString() };
  // The load runs without fiscalization, as the ingest bench's first figure: with it every coin and
  // cashless payment is a bill signed with RSA-2048 on the server's thread, and the rate is the
  // signatures' (that bench measures it apart).
  let server = await serve('app', url.toString(), 'nocache', 'nofiscal');
  try {
    await client.connect();
    const origin = `http://127.0.0.1:${server.port}`;
    const copyRate = async (rows: number) => {
      await client.query('drop table if exists bench_copy');
      const file = path.join(tmpdir(), `kovanica-scale-${process.pid}.csv`);
      const received = new Date().toISOString();
      const lines: string[] = [];
      for (let i = 0; i < rows; i++)
        lines.push(
          `1,${(i % 60) + 1},${(i % 60) + 1},1,${i + 1},coin,${new Date(Date.now() - i * 1000).toISOString()},,${received},100,1,f,`,
        );
      writeFileSync(file, `${lines.join('\n')}\n`);
      const copy = await new Promise<{ rows: number; ms: number }>((resolve) => {
        server.child.once('message', (m) => resolve(m as { rows: number; ms: number }));
        server.child.send({ copy: file, rows });
      });
      return copy.rows / (copy.ms / 1000);
    };

    if (!values.reuse || !exists) {
      const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - (days - 1) * 86_400_000;
      const { imeis } = await createFleet(client, devices, new Date(start - 86_400_000));
      const copyBefore = await copyRate(300_000);
      console.log(`Scale fleet: ${devices} devices; loading ${days} days through POST /telemetry/batches (${inflight} in flight)…`);
      console.log(`  raw COPY before the load: ${copyBefore.toFixed(0)} rows/s`);
      const chunk = 30; // days a batch covers: about 500 events
      const seqs = imeis.map(() => ({ next: 1 }));
      const sender = poster(inflight);
      const slices: { days: string; span: number; events: number; seconds: number; rate: number }[] = [];
      let total = 0;
      let loadSeconds = 0; // the slices' timed seconds, without building their bodies
      let busySeconds = 0; // the machine's CPU seconds in them (all processes: server, PostgreSQL, load generator)
      for (let firstDay = 0; firstDay < days; firstDay += chunk) {
        const span = Math.min(chunk, days - firstDay);
        let next = 0;
        let accepted = 0;
        // The slice's bodies are built before its clock starts (as the COPY baseline's file is): the load
        // generator shares the two cores with the server and PostgreSQL, and only sends them.
        const bodies = imeis.map((imei, i) =>
          JSON.stringify({ imei, events: eventsOf(i, firstDay, span, start, seqs[i] as { next: number }) }),
        );
        const started = performance.now();
        const busyBefore = machineBusySeconds();
        const worker = async () => {
          for (let i = next++; i < devices; i = next++) {
            const imei = imeis[i] as string;
            const body = bodies[i] as string;
            const res = await sender.post(`${origin}/api/v2/telemetry/batches`, { authorization: `Bearer ${credential(imei)}` }, body);
            if (res.status !== 200) throw new Error(`batch refused: ${res.status} ${res.text}`);
            accepted += (res.json as { accepted: number }).accepted;
          }
        };
        await Promise.all(Array.from({ length: inflight }, worker));
        const seconds = (performance.now() - started) / 1000;
        const busyAfter = machineBusySeconds();
        if (busyBefore !== null && busyAfter !== null) busySeconds += busyAfter - busyBefore;
        loadSeconds += seconds;
        total += accepted;
        slices.push({ days: `${firstDay + 1}–${firstDay + span}`, span, events: accepted, seconds, rate: accepted / seconds });
        console.log(
          `  days ${String(firstDay + 1).padStart(3)}–${String(firstDay + span).padEnd(3)} ${accepted.toLocaleString('en').padStart(10)} events  ${(accepted / seconds).toFixed(0).padStart(7)} events/s  (${total.toLocaleString('en')} in all)`,
        );
      }
      const copyAfter = await copyRate(300_000);
      const rate = total / loadSeconds;
      sender.close();
      console.log(`  sustained: ${total.toLocaleString('en')} events in ${loadSeconds.toFixed(0)} s = ${rate.toFixed(0)} events/s`);
      const cpuPerEvent = busySeconds > 0 ? (busySeconds / total) * 1e6 : null;
      if (cpuPerEvent !== null)
        console.log(
          `  machine CPU per event: ${cpuPerEvent.toFixed(1)} µs (${busySeconds.toFixed(0)} CPU s over the slices, every process: server, PostgreSQL, load generator)`,
        );
      console.log(
        `  raw COPY after the load: ${copyAfter.toFixed(0)} rows/s; ratio ${(rate / ((copyBefore + copyAfter) / 2)).toFixed(2)} of COPY (target ≥ 60,000 events/s, ≥ 0.4)`,
      );
      // Whole slices only: a short last one (365 = 12 × 30 + 5) sends small batches, slower per event.
      const whole = slices.filter((s) => s.span === chunk);
      const first = whole[0]?.rate ?? 0;
      const last = whole.at(-1)?.rate ?? 0;
      console.log(`  last whole slice ÷ first: ${(last / first).toFixed(2)} (flat is 1.00)`);
      result.load = { events: total, seconds: loadSeconds, rate, cpuPerEvent, slices, copyBefore, copyAfter };
      await client.query('analyze');
    }

    // A fresh server: the reads start cold, as after a restart.
    await stop(server.child);
    server = await serve('app', url.toString(), 'nocache');
    const api = `http://127.0.0.1:${server.port}`;
    const adminAuth = { ...(await demoAuthorization(api)), 'x-kovanica-view': 'all' };
    const manager = await demoAuthorization(api, 'manager@zabavni.test');
    const [size] = (await client.query(`select count(*)::bigint n, pg_database_size('${DB}') bytes from telemetry_events`)).rows;
    console.log(
      `\nReads (${requests} each, caches off), ${Number(size.n).toLocaleString('en')} events, database ${(Number(size.bytes) / 2 ** 30).toFixed(1)} GiB`,
    );
    const today = businessDate();
    const [middle] = (
      await client.query(
        `select at, id from telemetry_events where at < now() - interval '${Math.floor(days / 2)} days' order by at desc, id desc limit 1`,
      )
    ).rows;
    const cursor = middle
      ? Buffer.from(JSON.stringify([new Date(middle.at).toISOString().replace('Z', '000Z'), Number(middle.id)])).toString('base64url')
      : '';
    const types = `('coin','note','token','cashless','card','prize_out','free_ride','reset','test_play')`;
    const daily = (from: string) =>
      `select device_id, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) from device_daily where day between '${from}' and '${today}' group by device_id order by 2 desc`;
    const cases: { name: string; url: string; who: 'admin' | 'manager'; raw: string }[] = [
      {
        name: 'transactions, page 1',
        url: '/transactions',
        who: 'admin',
        raw: `select id from telemetry_events where type in ${types} order by at desc, id desc limit 30`,
      },
      {
        name: 'transactions, page 1 (manager)',
        url: '/transactions',
        who: 'manager',
        raw: `select id from telemetry_events where company_id = 1 and type in ${types} order by at desc, id desc limit 30`,
      },
      {
        name: 'transactions, page 333',
        url: '/transactions?page=333',
        who: 'admin',
        raw: `select id from telemetry_events where type in ${types} order by at desc, id desc limit 30 offset 9960`,
      },
      {
        name: 'transactions, cursor mid-year',
        url: `/transactions?cursor=${cursor}`,
        who: 'admin',
        raw: `select id from telemetry_events where type in ${types} and at < '${middle?.at?.toISOString?.() ?? today}' order by at desc, id desc limit 30`,
      },
      { name: "today's revenue", url: `/revenue?from=${today}&to=${today}`, who: 'admin', raw: daily(today) },
      { name: 'revenue, 30 days', url: `/revenue?from=${addDays(today, -29)}&to=${today}`, who: 'admin', raw: daily(addDays(today, -29)) },
      {
        name: 'revenue, 365 days',
        url: `/revenue?from=${addDays(today, -364)}&to=${today}`,
        who: 'admin',
        raw: daily(addDays(today, -364)),
      },
      {
        name: 'revenue, 365 days (manager)',
        url: `/revenue?from=${addDays(today, -364)}&to=${today}`,
        who: 'manager',
        raw: daily(addDays(today, -364)),
      },
      {
        name: 'companies daily, 365 days',
        url: `/revenue/companies-daily?from=${addDays(today, -364)}&to=${today}`,
        who: 'admin',
        raw: `select company_id, day, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) from device_daily where day between '${addDays(today, -364)}' and '${today}' group by 1, 2`,
      },
      { name: 'deposits, page 1', url: '/deposits', who: 'admin', raw: 'select id from deposits order by at desc, id desc limit 30' },
      { name: 'emptyings, page 1', url: '/emptyings', who: 'admin', raw: 'select id from emptyings order by at desc, id desc limit 30' },
      { name: 'devices, page 1', url: '/devices', who: 'admin', raw: 'select id from devices order by lower(name) limit 30' },
      { name: 'dashboard, counts', url: '/dashboard/summary', who: 'admin', raw: 'select count(*) from devices' },
      {
        // Every figure of the dashboard (indexes, fleet, balance, 30 and 365 days of traffic, the
        // forecast, made once a day and kept: the first request, untimed, makes it).
        name: 'dashboard, figures',
        url: '/dashboard/figures',
        who: 'admin',
        raw: `select day, sum(coins_cents + notes_cents + cashless_cents + card_cents + tokens_cents) from device_daily where day between '${addDays(today, -364)}' and '${today}' group by 1`,
      },
    ];
    const rows: Record<string, unknown>[] = [];
    console.log(
      `  ${'read'.padEnd(32)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'bytes'.padStart(9)}   raw p50  raw p95   p95 ≤ 200 ms`,
    );
    for (const c of cases) {
      const headers = c.who === 'admin' ? adminAuth : manager;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i <= requests; i++) {
        const started = performance.now();
        const res = await fetch(`${api}/api/v2${c.url}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${c.url}: ${res.status} ${Buffer.from(body).toString()}`);
        if (i > 0) times.push(performance.now() - started); // the first warms up
        bytes = body.byteLength;
      }
      const raw: number[] = [];
      for (let i = 0; i <= requests; i++) {
        const started = performance.now();
        await client.query(c.raw);
        if (i > 0) raw.push(performance.now() - started);
      }
      const row = {
        read: c.name,
        who: c.who,
        p50: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        bytes,
        rawP50: quantile(raw, 0.5),
        rawP95: quantile(raw, 0.95),
      };
      rows.push(row);
      console.log(
        `  ${c.name.padEnd(32)} ${row.p50.toFixed(0).padStart(5)} ms ${row.p95.toFixed(0).padStart(5)} ms ${String(bytes).padStart(9)}  ${row.rawP50.toFixed(0).padStart(5)} ms ${row.rawP95.toFixed(0).padStart(5)} ms   ${row.p95 <= 200 ? 'met' : 'NOT met'}`,
      );
    }
    result.reads = rows;
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `scale-${devices}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stop(server.child);
    await client.end();
  }
}
