import { parseIri, type TelemetryEvent } from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceDaily, telemetryEvents } from '../../db/schema/index.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger } from '../../testing/fixtures.ts';
import { rollupDisagreements } from '../../testing/rollups.ts';
import { random, type SimDevice, simulate, stillReports, type Trouble } from './simulation.ts';
import { ingestBatch } from './telemetry.ingest.ts';

const t = await testApp();
const hours = { start: '09:00', end: '01:00' };
const week = { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: null };

describe('the simulated fleet', () => {
  it('is deterministic, in seq and time order, and busier on the coast in summer', () => {
    const device: SimDevice = { imei: 'a', group: 'kiddie_ride', playPriceCents: 200, tokenValueCents: 100, coast: true, hours: week };
    const period = (month: number) => ({ from: new Date(Date.UTC(2026, month, 1)), to: new Date(Date.UTC(2026, month, 29)), seed: 1 });
    const july = simulate([device], period(6));
    expect(simulate([device], period(6)).truth.get('a')).toEqual(july.truth.get('a'));
    const list = july.events.get('a') ?? [];
    for (let i = 1; i < list.length; i++) {
      expect(list[i]?.seq).toBe((list[i - 1]?.seq ?? 0) + 1);
      expect(Date.parse(list[i]?.at ?? '') >= Date.parse(list[i - 1]?.at ?? '')).toBe(true);
    }
    const january = simulate([device], period(0));
    expect(july.truth.get('a')?.plays ?? 0).toBeGreaterThan(3 * (january.truth.get('a')?.plays ?? 0));
  });

  it('sends a day the same in one period or in a live run of short ones', () => {
    const device: SimDevice = { imei: 'a', group: 'monster', playPriceCents: 200, tokenValueCents: 100, coast: false, hours: week };
    // A day across midnight (the hours run to 01:00), once whole and once in 10-minute periods.
    const from = Date.UTC(2026, 2, 6, 6);
    const to = from + 86_400_000;
    const strip = (events: TelemetryEvent[]) => events.map(({ seq: _, ...e }) => JSON.stringify(e));
    const whole = strip(simulate([device], { from: new Date(from), to: new Date(to), seed: 3 }).events.get('a') ?? []);
    const live: string[] = [];
    for (let t = from; t < to; t += 600_000) {
      live.push(...strip(simulate([device], { from: new Date(t), to: new Date(t + 600_000), seed: 3 }).events.get('a') ?? []));
    }
    expect(whole.length).toBeGreaterThan(10);
    expect(live).toEqual(whole);
  });

  it('keeps a device in its trouble from then on', () => {
    const since = new Date(Date.UTC(2026, 6, 10, 12));
    const from = new Date(since.getTime() - 5 * 86_400_000);
    const to = new Date(since.getTime() + 5 * 86_400_000);
    const device = (trouble?: Trouble): SimDevice => ({
      imei: 'a',
      group: 'kiddie_ride',
      playPriceCents: 200,
      tokenValueCents: 100,
      coast: true,
      hours: week,
      ...(trouble ? { trouble } : {}),
    });
    const run = (trouble?: Trouble) => {
      const { events, truth } = simulate([device(trouble)], { from, to, seed: 5 });
      const list = events.get('a') ?? [];
      return {
        before: list.filter((e) => Date.parse(e.at) < since.getTime()),
        after: list.filter((e) => Date.parse(e.at) >= since.getTime()),
        truth: truth.get('a'),
      };
    };
    const types = (events: TelemetryEvent[]) => [...new Set(events.map((e) => e.type))].sort();

    const healthy = run();
    const alarm = run({ kind: 'alarm', since, code: 'E31' });
    // Its alarm first, then only heartbeats: nothing clears it, nobody plays.
    expect(alarm.after[0]).toMatchObject({ type: 'alarm', code: 'E31', critical: true, at: since.toISOString() });
    expect(types(alarm.after.slice(1))).toEqual(['heartbeat']);
    expect(alarm.before.some((e) => e.type === 'coin')).toBe(true);

    const silent = run({ kind: 'silent', since });
    expect(silent.after).toEqual([]);
    expect(stillReports(device({ kind: 'silent', since }), from)).toBe(true);
    expect(stillReports(device({ kind: 'silent', since }), since)).toBe(false);

    // Service mode on and never off: customers' plays go on as test plays, not revenue.
    const service = run({ kind: 'service', since });
    expect(service.after[0]).toMatchObject({ type: 'service_mode', on: true });
    expect(service.after.some((e) => e.type === 'service_mode' && !e.on)).toBe(false);
    expect(service.after.filter((e) => e.type === 'coin' || e.type === 'token').length).toBeGreaterThan(20);
    expect(service.truth?.plays).toBeLessThan((healthy.truth?.plays ?? 0) * 0.7);

    const idle = run({ kind: 'idle', since });
    expect(types(idle.after)).toEqual(['heartbeat']);
    // One a day it opens: 11, 13, 14 and 15 July (closed on Sunday the 12th).
    expect(idle.after.length).toBe(4);
  });

  it('survives duplicate and reordered deliveries: ingestion equals the truth exactly', async () => {
    // Devices of their own: their rollup holds only what this test sends.
    const groups = ['kiddie_ride', 'prize_device', 'monster'] as const;
    const fleet = [];
    for (const group of groups) {
      const { device, logger } = await createDeviceWithLogger(t, { group });
      fleet.push({
        deviceId: device.id,
        loggerId: logger.id,
        companyId: parseIri('companies', logger.company) ?? 0,
        imei: logger.imei,
        price: device.playPriceCents,
      });
    }
    const sim: SimDevice[] = fleet.map((f, i) => ({
      imei: f.imei,
      group: groups[i] ?? 'other',
      playPriceCents: f.price,
      tokenValueCents: 100,
      coast: i % 2 === 0,
      hours: week,
    }));
    const to = new Date(Date.now() - 3_600_000);
    const { events, truth } = simulate(sim, { from: new Date(to.getTime() - 20 * 86_400_000), to, seed: 7 });
    const rnd = random(99);
    for (const f of fleet) {
      const list = events.get(f.imei) ?? [];
      const batches: TelemetryEvent[][] = [];
      for (let i = 0; i < list.length; i += 50) batches.push(list.slice(i, i + 50));
      // 10 % sent twice, 5 % swapped with the next one.
      const sends: TelemetryEvent[][] = [];
      for (const b of batches) {
        sends.push(b);
        if (rnd() < 0.1) sends.push(b);
      }
      for (let i = 0; i + 1 < sends.length; i++) {
        if (rnd() < 0.05) [sends[i], sends[i + 1]] = [sends[i + 1] as TelemetryEvent[], sends[i] as TelemetryEvent[]];
      }
      for (const s of sends) await ingestBatch(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { id: f.loggerId, companyId: f.companyId }, s);
      const [sum] = await t.db
        .select({
          coins: sql<number>`sum(${deviceDaily.coinsCents})`.mapWith(Number),
          tokens: sql<number>`sum(${deviceDaily.tokens})`.mapWith(Number),
          plays: sql<number>`sum(${deviceDaily.plays})`.mapWith(Number),
        })
        .from(deviceDaily)
        .where(eq(deviceDaily.deviceId, f.deviceId));
      const truthOf = truth.get(f.imei);
      expect({ coins: sum?.coins, tokens: sum?.tokens }).toEqual({ coins: truthOf?.coinsCents, tokens: truthOf?.tokens });
      expect(sum?.plays).toBe(truthOf?.plays);
      const [stored] = await t.db
        .select({ n: sql<number>`count(*)`.mapWith(Number), distinct: sql<number>`count(distinct ${telemetryEvents.seq})`.mapWith(Number) })
        .from(telemetryEvents)
        .where(eq(telemetryEvents.loggerId, f.loggerId));
      expect(stored).toEqual({ n: list.length, distinct: list.length });
    }
    expect(await rollupDisagreements(t.db)).toEqual([]);
  });
});

describe('the demo history', () => {
  it('is written through the ingestion code for every device with a logger', async () => {
    const { seedHistory } = await import('../../demo/history.ts');
    const { FLEET_SINCE } = await import('../../demo/fleet.ts');
    const stored = await seedHistory(t.db, new FiscalKeys(FISCAL_TEST_SECRET), { now: new Date(FLEET_SINCE.getTime() + 3 * 86_400_000) });
    expect(stored).toBeGreaterThan(100);
    const [days] = await t.db.select({ devices: sql<number>`count(distinct ${deviceDaily.deviceId})`.mapWith(Number) }).from(deviceDaily);
    expect(days?.devices).toBeGreaterThan(50);
    expect(await rollupDisagreements(t.db)).toEqual([]);
  });
});
