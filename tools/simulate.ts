/**
 * `npm run simulate`: drives the real ingestion API like a fleet of loggers (decision 0007).
 *   npm run simulate -- --live [--demand 20]           events as they happen, sent every few seconds
 *   npm run simulate -- --days 1 [--duplicates 0.1 --reorder 0.05]   a past period, as fast as possible
 * Options: --url (default http://localhost:3000), --email/--password (a user who reads the fleet; the
 * demo admin by default), --devices N (the first N), --interval seconds (live, default 5), --seed.
 * The fleet is read through the API (devices, their locations' hours, cities). Credentials are the demo
 * fleet's (`kvl_demo_<imei>`); loggers with other credentials are skipped with a warning.
 * The demo's devices in trouble (apps/server/src/demo/fleet.ts `demoTrouble`) stay in it from the start
 * of the run: an alarm nobody clears, a silent logger (sent nothing, not even the live heartbeat), service
 * mode left on, no paid plays. `--healthy` lets every device behave.
 */
import { parseArgs } from 'node:util';
import type { Collection, Device, DeviceGroup, Location, LoyaltyCard, TelemetryAnswer, TelemetryEvent } from '@kovanica/contract';
import { DEMO_CITIES, demoCredential, demoTrouble } from '../apps/server/src/demo/fleet.ts';
import { regularsOf } from '../apps/server/src/demo/loyalty.ts';
import { random, type SimDevice, simulate, stillReports } from '../apps/server/src/modules/telemetry/simulation.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string', default: 'admin@kovanica.test' },
    password: { type: 'string', default: 'kovanica-demo' },
    live: { type: 'boolean', default: false },
    days: { type: 'string', default: '1' },
    devices: { type: 'string' },
    interval: { type: 'string', default: '5' },
    demand: { type: 'string', default: '1' },
    duplicates: { type: 'string', default: '0' },
    reorder: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    healthy: { type: 'boolean', default: false },
  },
});
const api = `${values.url.replace(/\/$/, '')}/api/v2`;

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${api}${path}`, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The run's fleet; the demo's devices in trouble get into it at `start` (unless --healthy). */
async function readFleet(start: Date): Promise<SimDevice[]> {
  const { token } = await json<{ token: string }>('/authentication_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: values.email, password: values.password }),
  });
  const headers = { authorization: `Bearer ${token}`, 'x-kovanica-view': 'all' };
  const all = async <T>(path: string) => {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const c = await json<Collection<T>>(`${path}${path.includes('?') ? '&' : '?'}itemsPerPage=200&page=${page}`, { headers });
      items.push(...c.member);
      if (items.length >= (c.totalItems ?? Number.POSITIVE_INFINITY) || c.member.length === 0) return items;
    }
  };
  const locations = new Map((await all<Location>('/locations')).map((l) => [l['@id'], l]));
  const coast = new Set<string>(DEMO_CITIES.filter((c) => c.coast).map((c) => c.name));
  const devices = (await all<Device>('/devices')).filter((d) => d.imei && d.location);
  const trouble = values.healthy ? new Map() : demoTrouble(start);
  // The active loyalty cards of each company: its devices' regulars pay with them (a company without
  // the loyalty module has none).
  const cards = new Map<string, string[]>();
  const listed = await all<LoyaltyCard>('/loyalty-cards?status=active').catch(() => []);
  for (const c of listed) cards.set(c.company, [...(cards.get(c.company) ?? []), c.uid]);
  const fleet = devices.map((d, index) => {
    const location = locations.get(d.location ?? '') as Location;
    const troubled = trouble.get(d.imei as string);
    return {
      imei: d.imei as string,
      group: d.group as DeviceGroup,
      playPriceCents: d.playPriceCents,
      tokenValueCents: d.tokenValueCents,
      coast: coast.has(location.cityName),
      hours: location.workingHours,
      cards: regularsOf(cards.get(d.company) ?? [], index),
      // From the start of the run: an alarm raised then, or service mode switched on then (both
      // change nothing on a device already in that state from the demo's history).
      ...(troubled ? { trouble: { ...troubled, since: start } } : {}),
    };
  });
  return values.devices ? fleet.slice(0, Number(values.devices)) : fleet;
}

const totals = { sent: 0, accepted: 0, duplicates: 0, failed: 0 };

/** Sends one batch; on a network failure or a 5xx it is sent again (nothing is acknowledged until 200). */
async function send(imei: string, events: TelemetryEvent[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${api}/telemetry/batches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${demoCredential(imei)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ imei, events }),
      });
      if (res.status >= 500) throw new Error(`status ${res.status}`);
      if (!res.ok) {
        totals.failed++;
        console.warn(`${imei}: refused (${res.status}) ${await res.text()}`);
        return;
      }
      const answer = (await res.json()) as TelemetryAnswer;
      totals.sent += events.length;
      totals.accepted += answer.accepted;
      totals.duplicates += answer.duplicates;
      for (const c of answer.commands) console.log(`${imei}: command ${c.id} (${c.type}) received`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** attempt)));
    }
  }
}

const runStart = new Date();
const from = values.live ? runStart : new Date(runStart.getTime() - Number(values.days) * 86_400_000);
const fleet = await readFleet(from);
const rnd = random(Number(values.seed) + 17);
const demand = Number(values.demand);
const troubled = fleet.filter((d) => d.trouble).map((d) => `${d.imei} ${d.trouble?.kind}`);
console.log(`${fleet.length} devices, sending to ${api}/telemetry/batches${troubled.length ? `; in trouble: ${troubled.join(', ')}` : ''}`);
// Live seqs start from the clock, above anything a history used, and only ever grow.
const nextSeq = new Map(fleet.map((d) => [d.imei, Date.now()]));
const renumber = (imei: string, events: TelemetryEvent[]) =>
  events.map((e) => {
    const seq = nextSeq.get(imei) ?? 1;
    nextSeq.set(imei, seq + 1);
    return { ...e, seq };
  });

if (values.live) {
  const interval = Number(values.interval) * 1000;
  let since = from;
  for (;;) {
    await new Promise((r) => setTimeout(r, interval));
    const to = new Date();
    const { events } = simulate(fleet, { from: since, to, seed: Number(values.seed), demand });
    // A silent logger sends nothing, not even the heartbeat.
    const sends = fleet
      .filter((d) => stillReports(d, to))
      .map((d) => {
        const list = events.get(d.imei) ?? [];
        // A heartbeat each round, so "last seen" stays current between plays.
        const withBeat = [...list, { seq: 0, at: to.toISOString(), type: 'heartbeat', signal: -70 } as TelemetryEvent];
        return send(d.imei, renumber(d.imei, withBeat));
      });
    await Promise.all(sends);
    since = to;
    console.log(`${to.toISOString()}  sent ${totals.sent}, accepted ${totals.accepted}, duplicates ${totals.duplicates}`);
  }
} else {
  const { events, truth } = simulate(fleet, { from, to: runStart, seed: Number(values.seed), demand });
  const started = performance.now();
  await Promise.all(
    fleet.map(async (d) => {
      const list = renumber(d.imei, events.get(d.imei) ?? []);
      const batches: TelemetryEvent[][] = [];
      for (let i = 0; i < list.length; i += 500) batches.push(list.slice(i, i + 500));
      for (let i = 0; i < batches.length; i++) {
        // Realistic trouble: a batch sent twice, or overtaken by the next one.
        if (i + 1 < batches.length && rnd() < Number(values.reorder)) {
          await send(d.imei, batches[i + 1] as TelemetryEvent[]);
        }
        await send(d.imei, batches[i] as TelemetryEvent[]);
        if (rnd() < Number(values.duplicates)) await send(d.imei, batches[i] as TelemetryEvent[]);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const plays = [...truth.values()].reduce((n, t) => n + t.plays, 0);
  console.log(
    `${totals.accepted} events accepted (${totals.duplicates} duplicates acknowledged) in ${seconds.toFixed(1)} s, ${plays} plays`,
  );
}
