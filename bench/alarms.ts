/**
 * Alarm latency (docs/api.md "Live updates"): a company of 3,000 devices (the scale bench's fleet, on
 * PostgreSQL, in a database of its own), its loggers posting batches in the background at a logger's
 * pace, and one logger at a time reporting its machine critical. For each such batch it times, from the
 * post, (a) the `changed` event naming `alarms` on a live stream (`GET /api/v2/events`) and (b) the alarm
 * readable in `GET /api/v2/alarms`; the baseline is the same with no background ingestion, in the same
 * run. It also times one sweep at 3,000 devices, idle and under the background load.
 *   npm run bench -- alarms [--devices 3000] [--alarms 40] [--rate 50] [--keep]
 * `--rate`: background batches a second in all (3,000 loggers, each a batch a minute: 50).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sweepAlarms } from '../apps/server/src/modules/alarms/alarms.service.ts';
import { openLive } from '../apps/server/src/testing/sse.ts';
import { createFleet, credential } from './scale.ts';
import { demoAuthorization, here, poster, serve, stop } from './support.ts';

const DB = 'kovanica_alarms';
const TARGET_MS = 1_000;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = (values: number[]) => ({
  p50: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  max: Math.max(0, ...values),
});
const line = (label: string, values: number[]) => {
  const f = figures(values);
  return `  ${label.padEnd(34)} p50 ${f.p50.toFixed(0).padStart(5)} ms   p95 ${f.p95.toFixed(0).padStart(5)} ms   max ${f.max.toFixed(0).padStart(5)} ms`;
};

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string', default: '3000' },
      alarms: { type: 'string', default: '40' },
      rate: { type: 'string', default: '50' },
      keep: { type: 'boolean', default: false },
    },
  });
  const deviceCount = Number(values.devices);
  const alarmCount = Number(values.alarms);
  const rate = Number(values.rate);
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const url = new URL(base);
  url.pathname = `/${DB}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();

  // The real app with its job queue: the batch's own sweep (jobs/alarm-trigger.ts), the minute's schedule.
  const server = await serve('app', url.toString(), 'nofiscal', 'jobs');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const database = await openDatabase({ url: url.toString() });
  const sender = poster(16);
  const result: Record<string, unknown> = { bench: 'alarms', devices: deviceCount, alarms: alarmCount, rate, at: new Date().toISOString() };
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const { imeis } = await createFleet(client, deviceCount, new Date(Date.now() - 2 * 86_400_000));
    const seqs = imeis.map(() => 1);
    const post = async (i: number, events: Record<string, unknown>[]) => {
      const imei = imeis[i] as string;
      const body = JSON.stringify({ imei, events: events.map((e) => ({ seq: seqs[i]++, at: new Date().toISOString(), ...e })) });
      const res = await sender.post(`${origin}/api/v2/telemetry/batches`, { authorization: `Bearer ${credential(imei)}` }, body);
      if (res.status !== 200) throw new Error(`batch refused: ${res.status} ${res.text}`);
    };
    /** A logger's ordinary batch: a heartbeat and a play or two. */
    const ordinary = (i: number) =>
      post(i, [
        { type: 'heartbeat', signal: -70 },
        { type: 'coin', valueCents: 100, count: 1 },
        ...(i % 3 === 0 ? [{ type: 'token', count: 1 }] : []),
      ]);

    console.log(`Alarm latency: ${deviceCount} devices (load average ${loadavg()[0]?.toFixed(1)}); every logger heard once…`);
    for (let next = 0; next < deviceCount; )
      await Promise.all(Array.from({ length: 16 }, () => (next < deviceCount ? ordinary(next++) : null)));
    await client.query('analyze');
    // The sweep of what the fleet's first batches raised (a fleet without history), before the clock.
    await sweepAlarms(database.db);

    const timeSweeps = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await sweepAlarms(database.db);
        times.push(performance.now() - started);
      }
      return times;
    };
    const sweepIdle = await timeSweeps(10);

    const adminAuth = { ...(await demoAuthorization(origin)), 'x-kovanica-view': 'all' };
    const token = adminAuth.authorization.replace('Bearer ', '');
    const live = await openLive(origin, token);
    if (live.status !== 200) throw new Error(`GET /events: ${live.status}`);
    // Device n of the fleet is 'Skala n', with logger n (createFleet).
    const deviceIds = new Map(
      (await client.query(`select id, name from devices where name like 'Skala %'`)).rows.map((r) => [
        Number(String(r.name).slice(6)) - 1,
        r.id as number,
      ]),
    );
    let spare = Math.floor(deviceCount / 2); // the devices made critical, one each, from the middle on

    /** One alarm: the post, then the event that tells of it and the first read that has it. */
    const measureOne = async () => {
      const i = spare++;
      const deviceId = deviceIds.get(i);
      const code = `BENCH-${i}`;
      const sent = performance.now();
      const sentAt = Date.now();
      const posting = post(i, [{ type: 'alarm', code, critical: true }]).then(() => performance.now() - sent);
      const inDb = async () => (await client.query('select 1 from alarms where code = $1', [code])).rowCount === 1;
      const eventMs = (async () => {
        let since = sent;
        for (;;) {
          const event = await live.next('alarms', 15_000, since);
          since = event.at;
          if (await inDb()) return event.at - sent;
        }
      })();
      const readMs = (async () => {
        for (;;) {
          const res = await fetch(`${origin}/api/v2/alarms?kind=device_critical&device=/api/v2/devices/${deviceId}&status=open`, {
            headers: adminAuth,
          });
          const body = (await res.json()) as { member?: { code: string }[] };
          if (body.member?.some((a) => a.code === code)) return performance.now() - sent;
          if (performance.now() - sent > 15_000) throw new Error(`alarm ${code} not readable within 15 s`);
          await delay(25);
        }
      })();
      const [postMs, event, read] = await Promise.all([posting, eventMs, readMs]);
      // The alarm's `raised_at` is when its sweep began (the same clock: one machine).
      const [row] = (await client.query('select raised_at from alarms where code = $1', [code])).rows;
      const sweepStartMs = new Date(row.raised_at).getTime() - sentAt;
      return { postMs, eventMs: event, readMs: read, waitMs: sweepStartMs - postMs, runMs: event - sweepStartMs };
    };
    const measure = async (label: string) => {
      const rows: Awaited<ReturnType<typeof measureOne>>[] = [];
      const eventsBefore = live.events.length;
      const started = performance.now();
      for (let n = 0; n < alarmCount; n++) {
        rows.push(await measureOne());
        await delay(300 + (n % 5) * 100); // not in step with the debounce
      }
      const post = rows.map((r) => r.postMs);
      const event = rows.map((r) => r.eventMs);
      const read = rows.map((r) => r.readMs);
      const wait = rows.map((r) => r.waitMs);
      const run = rows.map((r) => r.runMs);
      console.log(`\n${label} (${rows.length} alarms; load average ${loadavg()[0]?.toFixed(1)})`);
      console.log(line('batch answered', post));
      console.log(line('  then until its sweep began', wait));
      console.log(line('  then sweep and event', run));
      console.log(line('(a) event on the live stream', event));
      console.log(line('(b) readable in GET /alarms', read));
      const [open] = (await client.query('select count(*)::int n from alarms where resolved_at is null')).rows;
      const heard = live.events.slice(eventsBefore).filter((e) => e.tags.includes('alarms')).length;
      console.log(
        `  the stream heard of the alarms ${((heard / (performance.now() - started)) * 1000).toFixed(1)} times a second; ${open.n} alarms open`,
      );
      const met = quantile(event, 0.95) <= TARGET_MS && quantile(read, 0.95) <= TARGET_MS;
      console.log(`  target p95 ≤ ${TARGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
      return { post: figures(post), wait: figures(wait), run: figures(run), event: figures(event), read: figures(read), met, rows };
    };

    result.sweepIdle = figures(sweepIdle);
    console.log(line(`one sweep at ${deviceCount} devices, idle`, sweepIdle));
    result.baseline = await measure('Baseline: no background ingestion');

    // The background: every logger a batch at its turn, `rate` batches a second in all.
    let running = true;
    let sentBatches = 0;
    let lateness = 0;
    const background = (async () => {
      const started = performance.now();
      const inFlight = new Set<Promise<void>>();
      let next = 0;
      while (running) {
        const due = started + (sentBatches / rate) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await delay(wait);
        else lateness = Math.max(lateness, -wait);
        if (inFlight.size >= 12) await Promise.race(inFlight);
        const i = next++ % deviceCount;
        if (i >= Math.floor(deviceCount / 2) && i < spare + alarmCount) continue; // the measured devices' own seqs
        const p = ordinary(i).finally(() => inFlight.delete(p));
        inFlight.add(p);
        sentBatches++;
      }
      await Promise.all(inFlight);
      return (sentBatches / (performance.now() - started)) * 1000;
    })();
    await delay(3_000); // the load settles
    const sweepLoaded = await timeSweeps(10);
    console.log(`\n${line(`one sweep at ${deviceCount} devices, loaded`, sweepLoaded)}`);
    result.sweepLoaded = figures(sweepLoaded);
    result.loaded = await measure(`Under ingestion: ${rate} batches/s from ${deviceCount} loggers in the background`);
    running = false;
    const achieved = await background;
    console.log(
      `  background: ${achieved.toFixed(1)} batches/s achieved (asked ${rate}), at most ${lateness.toFixed(0)} ms behind schedule`,
    );
    result.backgroundRate = achieved;
    live.close();
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `alarms-${deviceCount}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    sender.close();
    await stop(server.child);
    await database.close();
    await client.end();
    if (!values.keep) {
      const dropping = new pg.Client({ connectionString: base });
      await dropping.connect();
      await dropping.query(`drop database if exists ${DB} with (force)`);
      await dropping.end();
    }
  }
}
