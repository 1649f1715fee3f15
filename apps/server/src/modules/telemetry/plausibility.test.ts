import {
  addDays,
  businessDate,
  type Collection,
  type Device,
  type DeviceGroup,
  EVENT_LIMITS,
  type Location,
  PLAUSIBILITY,
  type TelemetryEvent,
} from '@kovanica/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/context.ts';
import {
  criticalEpisodes,
  deviceState,
  emptyings,
  loggers,
  loyaltyCards,
  telemetryHeldEvents,
  telemetryHolds,
} from '../../db/schema/index.ts';
import { seedHistory } from '../../demo/history.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { loyaltyProgramme } from '../../testing/loyalty.ts';
import { rollupDisagreements } from '../../testing/rollups.ts';
import { discardHold, releaseHold } from '../telemetry-holds/telemetry-holds.service.ts';
import { timesOf } from './ingest-context.ts';
import { implausibleIn } from './ingest-plausibility.ts';
import { type SimDevice, simulate } from './simulation.ts';

/**
 * The finding: every event within its published bounds (EVENT_LIMITS), a batch still put billions of
 * euros on a ride of 2 €. A batch's money is now judged against the device's play price before any of
 * it is counted (docs/rules.md "Plausibility"); an implausible one is acknowledged, kept and held,
 * counted nowhere, and its device is critical until a person releases or discards it.
 */
const t = await testApp();
const keys = new FiscalKeys(FISCAL_TEST_SECRET);
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

// ---------------------------------------------------------------------------------------------------
// The rule alone (pure)
// ---------------------------------------------------------------------------------------------------

const ride = { id: 1, playPriceCents: 200, tokenValueCents: 100 };
const base = Date.UTC(2026, 6, 1, 10);
/** Events at seconds after `base`, as a batch received now (no clock ahead). */
const judged = (device: typeof ride, events: [seconds: number, event: Record<string, unknown>][], receivedAt = new Date()) =>
  implausibleIn(
    timesOf(
      events.map(([s, e], i) => ({ seq: i + 1, at: new Date(base + s * 1000).toISOString(), ...e }) as TelemetryEvent),
      receivedAt,
    ).timed,
    device,
  );
const note = (euros: number, count = 1) => ({ type: 'note', valueCents: euros * 100, count });

describe('the plausibility rule', () => {
  it('takes one payment up to 50 plays (at least 100 €), per type: a 50 € note on a ride of 2 € is change', () => {
    expect(judged(ride, [[0, note(50)]])).toBeNull();
    expect(judged(ride, [[0, note(100)]])).toBeNull();
    expect(judged(ride, [[0, note(200)]])).toEqual({ rule: 'payment', seq: 1, valueCents: 20_000, limitCents: 10_000 });
    expect(judged(ride, [[0, { type: 'coin', valueCents: 200, count: 50 }]])).toBeNull();
    expect(judged(ride, [[0, { type: 'coin', valueCents: 200, count: 51 }]])).toMatchObject({ rule: 'payment' });
    expect(judged(ride, [[0, { type: 'cashless', valueCents: 10_001 }]])).toMatchObject({ rule: 'payment' });
    expect(judged(ride, [[0, { type: 'card', cardUid: 'A', valueCents: 10_001 }]])).toMatchObject({ rule: 'payment' });
    // Tokens at their value: 100 tokens of 1 € is 100 €.
    expect(judged(ride, [[0, { type: 'token', count: 100 }]])).toBeNull();
    expect(judged(ride, [[0, { type: 'token', count: 101 }]])).toMatchObject({ rule: 'payment', valueCents: 10_100 });
    // A dearer device takes more: 250 € at 5 € a play.
    expect(judged({ ...ride, playPriceCents: 500 }, [[0, note(200)]])).toBeNull();
    expect(judged({ ...ride, playPriceCents: 500 }, [[0, { type: 'cashless', valueCents: 25_001 }]])).toMatchObject({ limitCents: 25_000 });
  });

  it('counts a price under 2 € and none (0, free or not set) as 2 €, and worthless tokens at that price', () => {
    for (const playPriceCents of [0, 20, 100]) {
      expect(judged({ ...ride, playPriceCents }, [[0, note(100)]])).toBeNull();
      expect(judged({ ...ride, playPriceCents }, [[0, note(200)]])).toMatchObject({ rule: 'payment', limitCents: 10_000 });
    }
    expect(judged({ ...ride, tokenValueCents: 0 }, [[0, { type: 'token', count: 50 }]])).toBeNull();
    expect(judged({ ...ride, tokenValueCents: 0 }, [[0, { type: 'token', count: 51 }]])).toMatchObject({ valueCents: 10_200 });
  });

  it('takes at most 50 plays at once and 30 plays a minute over any stretch of a batch', () => {
    // Two 50 € notes ten seconds apart: 100 € in the burst, and 10 € of the rate since.
    expect(
      judged(ride, [
        [0, note(50)],
        [10, note(50)],
      ]),
    ).toBeNull();
    // A third 50 € note ten seconds later: 150 € in 20 s, where 100 € + 20 € was plausible.
    expect(
      judged(ride, [
        [0, note(50)],
        [10, note(50)],
        [20, note(50)],
      ]),
    ).toEqual({
      rule: 'rate',
      seq: 3,
      valueCents: 15_000,
      limitCents: 12_000,
    });
    // 60 € a minute (30 plays of 2 €) for a whole day is plausible; 62 € a minute is not, at some point.
    const steady = (cents: number) =>
      Array.from({ length: 1000 }, (_, i): [number, Record<string, unknown>] => [i * 60, { type: 'cashless', valueCents: cents }]);
    expect(judged(ride, steady(6000))).toBeNull();
    expect(judged(ride, steady(6200))).toMatchObject({ rule: 'rate' });
    // Other events do not count.
    expect(
      judged(ride, [
        [0, { type: 'prize_out', count: 1000 }],
        [0, { type: 'emptying', coinsCents: 100_000_000, tokens: 0 }],
      ]),
    ).toBeNull();
  });

  it('spaces the payments of a logger whose clock is ahead by its own times, not the receipt time they are stored at', () => {
    // A day of 300 plays of 2 € from a logger a year ahead: all stored at the receipt, judged as they came.
    const receivedAt = new Date(base);
    const aYear = 365 * 86_400;
    const day = Array.from({ length: 300 }, (_, i): [number, Record<string, unknown>] => [
      aYear + i * 240,
      { type: 'coin', valueCents: 200 },
    ]);
    expect(judged(ride, day, receivedAt)).toBeNull();
  });

  it('passes the simulated fleet: every demo group and price, a year of it, and a fortnight 50 times as busy', () => {
    const hours = { start: '08:00', end: '02:00' };
    const week = { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours };
    // The demo's groups and play prices (demo/fleet.ts), on the coast and inland, with regulars' cards.
    const groups: [DeviceGroup, number][] = [
      ['kiddie_ride', 200],
      ['prize_device', 100],
      ['monster', 200],
      ['saldo_reducer', 100],
      ['vending', 100],
      ['other', 300],
    ];
    const fleet: SimDevice[] = groups.flatMap(([group, playPriceCents], i) =>
      [true, false].map((coast) => ({
        imei: `${group}-${coast}`,
        group,
        playPriceCents,
        tokenValueCents: 100,
        coast,
        hours: week,
        cards: [`C${i}`],
      })),
    );
    const checked = (demand: number, from: Date, to: Date) => {
      let payments = 0;
      const simulated = simulate(fleet, { from, to, seed: 11, demand }).events;
      for (const device of fleet) {
        const events = simulated.get(device.imei) ?? [];
        payments += events.filter((e) => ['coin', 'note', 'token', 'cashless', 'card'].includes(e.type)).length;
        // A whole period at once: any batch of it holds a part of its stretches, so it passes too.
        const { timed } = timesOf(events, to);
        expect(implausibleIn(timed, { id: 1, ...device }), device.imei).toBeNull();
      }
      return payments;
    };
    expect(checked(1, new Date(Date.UTC(2025, 5, 1)), new Date(Date.UTC(2026, 6, 1)))).toBeGreaterThan(50_000);
    expect(checked(50, new Date(Date.UTC(2026, 6, 1)), new Date(Date.UTC(2026, 6, 15)))).toBeGreaterThan(100_000);
  });
});

// ---------------------------------------------------------------------------------------------------
// Ingestion
// ---------------------------------------------------------------------------------------------------

/**
 * A new device of 2,00 € a play (tokens 1,00 €) at a demo location with its own logger, and what the
 * tests ask of it. With an ISU number its coins, notes and cashless payments are billed (the location fiscalizes).
 */
async function newDevice(isuNumber?: string) {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'], ...(isuNumber ? { isuNumber } : {}) });
  const answer = (events: EventInput[]) => sendEvents(t, logger, events);
  const counted = async () => {
    const id = device.id;
    const result = await t.db.execute(sql`
      select coalesce(sum(coins_cents), 0) as coins, coalesce(sum(notes_cents), 0) as notes, coalesce(sum(cashless_cents), 0) as cashless,
        coalesce(sum(card_cents), 0) as cards, coalesce(sum(tokens), 0) as tokens, coalesce(sum(plays), 0) as plays,
        coalesce(sum(events), 0) as events,
        (select count(*) from telemetry_events where device_id = ${id}) as stored,
        (select count(*) from bills where device_id = ${id}) as bills,
        (select count(*) from card_transactions where device_id = ${id}) as card_spends,
        (select count(*) from emptyings where device_id = ${id}) as emptyings,
        (select coalesce(max(box_cents), 0) from device_state where device_id = ${id}) as box_cents,
        (select coalesce(max(box_tokens), 0) from device_state where device_id = ${id}) as box_tokens
      from device_daily where device_id = ${id}`);
    const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
    const n = (key: string) => Number(row[key] ?? 0);
    return {
      coins: n('coins'),
      notes: n('notes'),
      cashless: n('cashless'),
      cards: n('cards'),
      tokens: n('tokens'),
      plays: n('plays'),
      events: n('events'),
      stored: n('stored'),
      bills: n('bills'),
      cardSpends: n('card_spends'),
      emptyings: n('emptyings'),
      boxCents: n('box_cents'),
      boxTokens: n('box_tokens'),
    };
  };
  const holds = () => t.db.select().from(telemetryHolds).where(eq(telemetryHolds.deviceId, device.id)).orderBy(telemetryHolds.id);
  const held = async () =>
    (
      await t.db
        .select({ seq: telemetryHeldEvents.seq })
        .from(telemetryHeldEvents)
        .where(eq(telemetryHeldEvents.loggerId, logger.id))
        .orderBy(telemetryHeldEvents.seq)
    ).map((r) => r.seq);
  // As stored: the API's reads are cached until a route says telemetry changed, and a decision is no route (yet).
  const state = async () => {
    const [row] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
    return { critical: row?.critical ?? false, criticalCode: row?.criticalCode ?? null, cashInBoxCents: row?.boxCents ?? 0 };
  };
  /** The state as the devices API shows it. */
  const shown = async () => (await t.json<Device>('manager', { url: device['@id'] })).body.state;
  const episodes = () => t.db.select().from(criticalEpisodes).where(eq(criticalEpisodes.deviceId, device.id)).orderBy(criticalEpisodes.id);
  return { device, logger, answer, counted, holds, held, state, shown, episodes };
}

/** Nothing of the device counted anywhere: no rollup, event, bill, card spend, emptying, box. */
const nothing = {
  coins: 0,
  notes: 0,
  cashless: 0,
  cards: 0,
  tokens: 0,
  plays: 0,
  events: 0,
  stored: 0,
  bills: 0,
  cardSpends: 0,
  emptyings: 0,
  boxCents: 0,
  boxTokens: 0,
};

/** A loyalty card of the company (its balance must not move while its spend is held). */
const made = await (await loyaltyProgramme(t)).card();
const [card] = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.uid, made.uid));
if (!card) throw new Error('no loyalty card');

describe('an implausible batch', () => {
  it('is none of the demo history: its fleet is never held', async () => {
    const now = new Date();
    await seedHistory(t.db, keys, { now, from: new Date(now.getTime() - 6 * 86_400_000) });
    expect(await t.db.select().from(telemetryHolds)).toEqual([]);
  });

  it('(the finding) of payments each within its bounds is acknowledged and kept, counted nowhere, and the device is critical', async () => {
    const { device, answer, counted, holds, held, state, shown, episodes } = await newDevice();
    const kinds: Record<string, unknown>[] = [
      { type: 'note', valueCents: EVENT_LIMITS.noteCents, count: EVENT_LIMITS.count },
      { type: 'coin', valueCents: EVENT_LIMITS.coinCents, count: EVENT_LIMITS.count },
      { type: 'cashless', valueCents: EVENT_LIMITS.paymentCents },
      { type: 'card', cardUid: card.uid, valueCents: EVENT_LIMITS.paymentCents },
    ];
    const batch = Array.from({ length: 1000 }, (_, i) => ({ seq: i + 1, at: minutesAgo(30 - i / 50), ...kinds[i % 4] }) as EventInput);
    const before = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, card.id));
    const receipt = await answer(batch);
    // Acknowledged: the logger moves on, nothing is lost.
    expect(receipt).toMatchObject({ accepted: 1000, duplicates: 0, lastSeq: 1000 });
    expect(await counted()).toEqual(nothing);
    expect(await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, card.id))).toEqual(before);
    const [hold] = await holds();
    expect(hold).toMatchObject({ rule: 'payment', seq: 1, valueCents: 50_000_000, limitCents: 10_000, events: 1000, status: 'held' });
    // 250 × (500,000 € + 10,000 € + 1,000 € + 1,000 €): what the probe would have put on the device.
    expect(hold?.amountCents).toBe(250 * (50_000_000 + 1_000_000 + 100_000 + 100_000));
    expect(await held()).toEqual(batch.map((e) => e.seq));
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code, cashInBoxCents: 0 });
    expect(await shown()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code, cashInBoxCents: 0, online: true, problems: [] });
    expect((await episodes()).map((e) => [e.code, e.endedAt])).toEqual([[PLAUSIBILITY.code, null]]);
    const today = businessDate();
    const revenue = await t.json<{ totals: Record<string, number | null> }>('manager', {
      url: `/api/v2/revenue?from=${addDays(today, -1)}&to=${today}&device=${device.id}`,
    });
    expect(revenue.status).toBe(200);
    expect(Object.values(revenue.body.totals).every((v) => !v)).toBe(true);

    // A resend is a duplicate, as for any stored event: not held twice.
    expect(await answer(batch.slice(0, 10))).toMatchObject({ accepted: 0, duplicates: 10, lastSeq: 1000 });
    expect(await holds()).toHaveLength(1);
    // The device's plausible traffic goes on being counted meanwhile, and it stays critical.
    expect(await answer([{ seq: 1001, at: minutesAgo(5), type: 'coin', valueCents: 200 }])).toMatchObject({ accepted: 1 });
    expect(await counted()).toMatchObject({ coins: 200, plays: 1, stored: 1, boxCents: 200 });
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
  });

  it('is held whole: its plausible payments, emptying and commands wait with it, so nothing is half-counted', async () => {
    const { logger, answer, counted, holds, held } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(60), type: 'coin', valueCents: 200, count: 2 }]);
    const before = await counted();
    const batch: EventInput[] = [
      { seq: 2, at: minutesAgo(50), type: 'coin', valueCents: 200 },
      { seq: 3, at: minutesAgo(49), type: 'token', count: 2 },
      { seq: 4, at: minutesAgo(48), type: 'emptying', coinsCents: 600, tokens: 2 },
      { seq: 5, at: minutesAgo(47), type: 'heartbeat', signal: -70 },
      // 50 € notes one a second: plausible alone, not ten of them in ten seconds.
      ...Array.from({ length: 10 }, (_, i): EventInput => ({ seq: 6 + i, at: minutesAgo(46 - i / 60), type: 'note', valueCents: 5000 })),
    ];
    expect(await answer(batch)).toMatchObject({ accepted: 14 });
    expect(await counted()).toEqual(before);
    expect(await holds()).toMatchObject([{ rule: 'rate', seq: 8, valueCents: 15_000, events: 14, amountCents: 200 + 200 + 50_000 }]);
    expect(await held()).toEqual(batch.map((e) => e.seq));
    // The logger itself is fine: it was heard.
    const [seen] = await t.db.select({ at: loggers.lastSeenAt }).from(loggers).where(eq(loggers.id, logger.id));
    expect(Date.now() - (seen?.at?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('is counted when released, as a late batch: in its days, its box, its emptying, its bills and card spends', async () => {
    const { device, answer, counted, holds, held, state, episodes } = await newDevice('7301');
    const batch: EventInput[] = [
      { seq: 1, at: minutesAgo(50), type: 'coin', valueCents: 200, count: 3 },
      { seq: 2, at: minutesAgo(49), type: 'card', cardUid: card.uid, valueCents: 200 },
      { seq: 3, at: minutesAgo(48), type: 'note', valueCents: 50_000 },
      { seq: 4, at: minutesAgo(47), type: 'emptying', coinsCents: 50_600, tokens: 0 },
      { seq: 5, at: minutesAgo(46), type: 'coin', valueCents: 100 },
    ];
    await answer(batch);
    // A later batch is counted before the held one is released.
    await answer([{ seq: 6, at: minutesAgo(10), type: 'coin', valueCents: 200 }]);
    const [hold] = await holds();
    expect(hold).toMatchObject({ rule: 'payment', seq: 3, status: 'held' });
    expect(await counted()).toMatchObject({ coins: 200, stored: 1, bills: 1, cardSpends: 0, emptyings: 0, boxCents: 200 });
    const manager = (await t.db.execute(sql`select id from users where email = 'manager@zabavni.test'`)) as unknown as {
      rows: { id: number }[];
    };
    const managerId = Number(manager.rows[0]?.id);
    // The parts of a request's context a decision reads (the routes pass the whole context).
    const byManager = { by: { actor: { userId: managerId, email: 'manager@zabavni.test' } as Actor, ip: '127.0.0.1' } };
    const released = await releaseHold(t.db, keys, hold?.id ?? 0, byManager);
    expect(released).toMatchObject({ accepted: 5, duplicates: 0, commands: [] });
    expect(await held()).toEqual([]);
    const [decided] = await holds();
    expect(decided).toMatchObject({ status: 'released', decidedById: managerId });
    expect(decided?.decidedAt).not.toBeNull();
    const figures = await counted();
    expect(figures).toMatchObject({ coins: 600 + 100 + 200, notes: 50_000, cards: 200, stored: 6, cardSpends: 1, emptyings: 1 });
    // Its coins and its note billed (the card's credit was billed where it was sold).
    expect(figures.bills).toBe(1 + 3);
    // The emptying took what came before it (6 €, 500 € note); the box holds what came after.
    const [emptying] = await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id));
    expect(emptying).toMatchObject({ countedCents: 50_600 });
    expect(figures.boxCents).toBe(300);
    expect(await rollupDisagreements(t.db)).toEqual([]);
    // Its last batch decided, the device is critical no more, and the episode says how long it was held.
    expect(await state()).toMatchObject({ critical: false, criticalCode: null });
    expect((await episodes()).map((e) => [e.code, e.endedAt?.getTime()])).toEqual([[PLAUSIBILITY.code, decided?.decidedAt?.getTime()]]);
    // Decided once.
    expect(await releaseHold(t.db, keys, hold?.id ?? 0, byManager)).toBe('hold_decided');
    expect(await discardHold(t.db, hold?.id ?? 0, byManager)).toBe('hold_decided');
    // A resend of its events now is a duplicate of the stored ones.
    expect(await answer(batch)).toMatchObject({ accepted: 0, duplicates: 5 });
  });

  it('is kept, counted nowhere, when discarded; a resend is still a duplicate', async () => {
    const { answer, counted, holds, held, state } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(20), type: 'cashless', valueCents: 90_000 }]);
    await answer([{ seq: 2, at: minutesAgo(19), type: 'cashless', valueCents: 80_000 }]);
    const [first, second] = await holds();
    expect(await discardHold(t.db, first?.id ?? 0)).toBe('discarded');
    // One of its batches is still held: still critical.
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
    expect(await discardHold(t.db, second?.id ?? 0)).toBe('discarded');
    expect(await state()).toMatchObject({ critical: false });
    expect(await counted()).toEqual(nothing);
    expect(await held()).toEqual([1, 2]);
    expect(await answer([{ seq: 1, at: minutesAgo(20), type: 'cashless', valueCents: 90_000 }])).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
    expect(await releaseHold(t.db, keys, first?.id ?? 0)).toBe('hold_decided');
  });

  it('keeps an alarm that came first, and flags the device once that alarm is cleared; a logger cannot clear the flag', async () => {
    const { answer, state, episodes } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(30), type: 'alarm', code: 'E40', critical: true }]);
    await answer([{ seq: 2, at: minutesAgo(29), type: 'note', valueCents: 50_000 }]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: 'E40' });
    await answer([{ seq: 3, at: minutesAgo(20), type: 'alarm_cleared', code: 'E40' }]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
    // The logger's clearing of the code ends that episode, and the batch's end raises it again: the batch is still held.
    await answer([{ seq: 4, at: new Date().toISOString(), type: 'alarm_cleared', code: PLAUSIBILITY.code }]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
    expect((await episodes()).map((e) => [e.code, e.endedAt === null])).toEqual([
      ['E40', false],
      [PLAUSIBILITY.code, false],
      [PLAUSIBILITY.code, true],
    ]);
  });

  it('gives way to an alarm of the device that comes while it waits, and comes back once that alarm is cleared', async () => {
    const { answer, state, episodes } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(30), type: 'note', valueCents: 50_000 }]);
    const alarmAt = new Date(Date.now() + 1000).toISOString();
    await answer([{ seq: 2, at: alarmAt, type: 'alarm', code: 'E12', critical: true }]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: 'E12' });
    await answer([{ seq: 3, at: new Date(Date.now() + 2000).toISOString(), type: 'alarm_cleared', code: 'E12' }]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: PLAUSIBILITY.code });
    const list = await episodes();
    expect(list.map((e) => [e.code, e.endedAt === null])).toEqual([
      [PLAUSIBILITY.code, false],
      ['E12', false],
      [PLAUSIBILITY.code, true],
    ]);
    expect(list[0]?.endedAt?.toISOString()).toBe(alarmAt);
  });

  it('owns its code: a logger raising `implausible` itself does not leave the device critical', async () => {
    const { answer, state, episodes } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(5), type: 'alarm', code: PLAUSIBILITY.code, critical: true }]);
    expect(await state()).toMatchObject({ critical: false, criticalCode: null });
    expect((await episodes()).map((e) => e.endedAt === null)).toEqual([false]);
  });

  it('is not released for another device when its logger was moved; it can still be discarded', async () => {
    const { device, answer, holds, counted } = await newDevice();
    await answer([{ seq: 1, at: minutesAgo(20), type: 'note', valueCents: 50_000 }]);
    const [hold] = await holds();
    const res = await t.as('manager', { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: { logger: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await releaseHold(t.db, keys, hold?.id ?? 0)).toBe('hold_moved');
    expect(await counted()).toMatchObject({ notes: 0, stored: 0 });
    expect(await discardHold(t.db, hold?.id ?? 0)).toBe('discarded');
    const [flag] = await t.db
      .select()
      .from(criticalEpisodes)
      .where(and(eq(criticalEpisodes.deviceId, device.id), isNull(criticalEpisodes.endedAt)));
    expect(flag).toBeUndefined();
    // The device keeps its held history as it keeps its telemetry: its delete is refused.
    const deleted = await t.as('manager', { method: 'DELETE', url: device['@id'] });
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(await holds()).toMatchObject([{ status: 'discarded' }]);
  });

  it('is still refused whole, naming the event, when an event is outside its bounds (nothing held)', async () => {
    const { logger, holds } = await newDevice();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/telemetry/batches',
      headers: { authorization: `Bearer ${logger.credential}` },
      payload: { imei: logger.imei, events: [{ seq: 1, at: minutesAgo(1), type: 'note', valueCents: EVENT_LIMITS.noteCents + 1 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(await holds()).toEqual([]);
  });

  it('lists in the devices’ critical filter', async () => {
    const list = await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?critical=true&itemsPerPage=200' });
    expect(list.body.member.some((d) => d.state.criticalCode === PLAUSIBILITY.code)).toBe(true);
  });
});
