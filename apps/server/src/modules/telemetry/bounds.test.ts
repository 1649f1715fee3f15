import { businessDate, type Collection, type Device, EVENT_LIMITS, type TelemetryAnswer } from '@kovanica/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceDaily, deviceState, telemetryEvents, telemetryHolds } from '../../db/schema/index.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { FiscalKeys } from '../../fiscal/keys.ts';
import { FISCAL_TEST_SECRET, testApp } from '../../testing/app.ts';
import { releaseHold } from '../telemetry-holds/telemetry-holds.service.ts';

/** Issue 9 §2: values the protocol allows are values the columns hold; what it refuses, it names. */
const t = await testApp();
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Konjić 2' })).body.member[0] as Device;
const imei = device.imei as string;
const credential = demoCredential(imei);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let nextSeq = 1;

const send = (events: unknown[], lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${credential}`, 'accept-language': lang },
    payload: { imei, events },
  });
const storedSeqs = async () =>
  (await t.db.select({ seq: telemetryEvents.seq }).from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id))).map((r) => r.seq);

describe('the published bounds of an event', () => {
  it.each([
    [{ type: 'coin', valueCents: 10_000_000, count: 100_000 }, 'valueCents', 'count'],
    [{ type: 'coin', valueCents: 100, count: EVENT_LIMITS.count + 1 }, 'count'],
    [{ type: 'coin', valueCents: 0 }, 'valueCents'],
    [{ type: 'note', valueCents: EVENT_LIMITS.noteCents + 1 }, 'valueCents'],
    [{ type: 'token', count: 100_000 }, 'count'],
    [{ type: 'cashless', valueCents: EVENT_LIMITS.paymentCents + 1 }, 'valueCents'],
    [{ type: 'prize_out', count: 1.5 }, 'count'],
    [{ type: 'emptying', coinsCents: EVENT_LIMITS.emptyingCents + 1, tokens: 0 }, 'coinsCents'],
  ])('refuse %o by name (422)', async (event, ...fields) => {
    const res = await send([{ seq: nextSeq++, at: minutesAgo(5), ...event }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(fields.map((f) => `events.0.${f}`));
  });

  // Taken, and held: this much money is not plausible for a ride of 2 € (plausibility.test.ts).
  it('take the largest values they allow', async () => {
    const res = await send([
      { seq: nextSeq++, at: minutesAgo(4), type: 'coin', valueCents: EVENT_LIMITS.coinCents, count: EVENT_LIMITS.count },
      { seq: nextSeq++, at: minutesAgo(4), type: 'note', valueCents: EVENT_LIMITS.noteCents, count: EVENT_LIMITS.count },
      { seq: nextSeq++, at: minutesAgo(4), type: 'card', cardUid: 'A1', valueCents: EVENT_LIMITS.paymentCents },
      { seq: nextSeq++, at: minutesAgo(4), type: 'emptying', coinsCents: EVENT_LIMITS.emptyingCents, tokens: EVENT_LIMITS.emptyingTokens },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('event times', () => {
  it.each(['0001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '2000-01-01T00:59:59+01:00'])('refuse %s, before 2000, by name', async (at) => {
    const seq = nextSeq++;
    const res = await send([{ seq, at, type: 'heartbeat' }], 'hr');
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      {
        propertyPath: 'events.0.at',
        code: 'event_too_early',
        message: 'Događaj prije 1. 1. 2000. ne prihvaća se: sat loggera nije namješten.',
      },
    ]);
    expect(await storedSeqs()).not.toContain(seq);
  });

  it('store each accepted form at the instant it names', async () => {
    const base = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000; // a whole second: the forms below without decimals
    const zagreb = (ms: number) => {
      // The same instant written with Zagreb's offset of that moment.
      const offset = new Date(ms).toLocaleString('en', { timeZone: 'Europe/Zagreb', timeZoneName: 'longOffset' }).slice(-6);
      const hours = Number(offset.slice(0, 3));
      const local = new Date(ms + hours * 3_600_000).toISOString().slice(0, 19);
      return `${local}${offset}`;
    };
    const forms = [
      { at: new Date(base + 123).toISOString(), ms: base + 123 }, // as loggers send it
      { at: zagreb(base + 1000), ms: base + 1000 },
      { at: new Date(base + 2000).toISOString().replace('.000Z', 'Z'), ms: base + 2000 },
      { at: new Date(base + 3000).toISOString().replace('Z', '+00:00'), ms: base + 3000 },
      // Finer than a millisecond: stored at the millisecond the server applied it at (its rollup's).
      { at: new Date(base + 4000).toISOString().replace('.000Z', '.123456Z'), ms: base + 4123 },
    ];
    const seqs = forms.map(() => nextSeq++);
    const res = await send(forms.map((f, i) => ({ seq: seqs[i], at: f.at, type: 'heartbeat' })));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.db
      .select({ seq: telemetryEvents.seq, micros: sql<string>`(extract(epoch from ${telemetryEvents.at}) * 1000000)::bigint::text` })
      .from(telemetryEvents)
      .where(and(eq(telemetryEvents.deviceId, device.id), inArray(telemetryEvents.seq, seqs)));
    const bySeq = new Map(stored.map((r) => [r.seq, r.micros]));
    expect(seqs.map((seq) => bySeq.get(seq))).toEqual(forms.map((f) => String(f.ms * 1000)));
  });

  it('take 2000-01-01 itself', async () => {
    expect((await send([{ seq: nextSeq++, at: '2000-01-01T00:00:00Z', type: 'heartbeat' }])).statusCode).toBe(200);
  });
});

describe('the same seq twice in one batch', () => {
  it('with different content refuses the batch, naming the seq', async () => {
    const seq = nextSeq++;
    const at = minutesAgo(3);
    const res = await send([
      { seq, at, type: 'coin', valueCents: 100 },
      { seq: nextSeq++, at, type: 'heartbeat' },
      { seq, at, type: 'coin', valueCents: 200 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([
      {
        propertyPath: 'events.2.seq',
        code: 'seq_conflict',
        message: `Another event of this batch has the sequence number ${seq} with different content.`,
      },
    ]);
    expect(await storedSeqs()).not.toContain(seq);
  });

  it('with the same content (fields in another order, a default spelled out) is stored once', async () => {
    const seq = nextSeq++;
    const at = minutesAgo(3);
    const res = await send([
      { seq, at, type: 'coin', valueCents: 100 },
      { valueCents: 100, count: 1, type: 'coin', at, seq },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TelemetryAnswer>();
    expect([body.accepted, body.duplicates, body.duplicateSeqs]).toEqual([1, 1, [seq]]);
    expect((await storedSeqs()).filter((s) => s === seq)).toHaveLength(1);
  });
});

describe('totals', () => {
  // Implausible for the device, the batch is held; released by a person, it is counted whole.
  it('go past 2^31 in a day and in the box', async () => {
    const at = minutesAgo(2);
    const day = businessDate(new Date(at));
    const near = 2 ** 31 - 10;
    await send([{ seq: nextSeq++, at, type: 'token', count: 1 }]);
    await t.db
      .update(deviceDaily)
      .set({ tokens: near, plays: near, events: near })
      .where(sql`${deviceDaily.deviceId} = ${device.id} and ${deviceDaily.day} = ${day}`);
    await t.db.update(deviceState).set({ boxTokens: near }).where(eq(deviceState.deviceId, device.id));
    const events = Array.from({ length: 20 }, (_, i) => ({ seq: nextSeq + i, at, type: 'token', count: EVENT_LIMITS.count }));
    nextSeq += events.length;
    const res = await send(events);
    expect(res.statusCode, res.body).toBe(200);
    const [hold] = await t.db
      .select()
      .from(telemetryHolds)
      .where(eq(telemetryHolds.deviceId, device.id))
      .orderBy(desc(telemetryHolds.id))
      .limit(1);
    expect(hold?.events).toBe(20);
    const released = await releaseHold(t.db, new FiscalKeys(FISCAL_TEST_SECRET), hold?.id ?? 0);
    expect(released).toMatchObject({ accepted: 20 });
    const rows = await t.db.select().from(deviceDaily).where(sql`${deviceDaily.deviceId} = ${device.id} and ${deviceDaily.day} = ${day}`);
    const tokens = rows.reduce((s, r) => s + r.tokens, 0);
    expect(tokens).toBeGreaterThan(2 ** 31);
    expect(typeof rows[0]?.tokens).toBe('number');
    const [state] = await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id));
    expect(state?.boxTokens).toBe(near + 20 * EVENT_LIMITS.count);
    const revenue = await t.json('manager', { url: `/api/v2/revenue?from=${day}&to=${day}&device=${device.id}` });
    expect(revenue.status).toBe(200);
    expect((revenue.body as { totals: { tokens: number } }).totals.tokens).toBe(tokens);
  });
});
