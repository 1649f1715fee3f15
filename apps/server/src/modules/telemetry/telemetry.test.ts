import { businessDate, type Collection, type Device, type Location } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  criticalEpisodes,
  deviceCommands,
  deviceDaily,
  deviceState,
  emptyings,
  serviceSessions,
  telemetryEvents,
} from '../../db/schema/index.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, firstOf, sendEvents } from '../../testing/fixtures.ts';
import { rollupDisagreements } from '../../testing/rollups.ts';

const t = await testApp();
const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * A new device (2,00 € a play, tokens worth 1,00 €) at a demo location, fitted with its own logger,
 * and what the tests ask about it.
 */
async function newDevice() {
  const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'] });
  const send = (events: unknown[], auth = logger.credential, body: Record<string, unknown> = { imei: logger.imei }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/telemetry/batches',
      headers: { authorization: `Bearer ${auth}` },
      payload: { ...body, events },
    });
  const answer = (events: EventInput[]) => sendEvents(t, logger, events);
  const daily = async () =>
    (await t.db.select().from(deviceDaily).where(eq(deviceDaily.deviceId, device.id))).reduce(
      (sum, r) => ({
        coins: sum.coins + r.coinsCents,
        tokens: sum.tokens + r.tokens,
        cashless: sum.cashless + r.cashlessCents,
        plays: sum.plays + r.plays,
        test: sum.test + r.testCents,
        freeRides: sum.freeRides + r.freeRides,
      }),
      { coins: 0, tokens: 0, cashless: 0, plays: 0, test: 0, freeRides: 0 },
    );
  const stateOf = async () => (await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0];
  return { device, logger, send, answer, daily, stateOf };
}

describe('telemetry ingestion', () => {
  it('refuses a missing or wrong credential, and another logger’s IMEI', async () => {
    const { logger, send } = await newDevice();
    const credential = logger.credential;
    expect((await send([{ seq: 1, at: minutesAgo(1), type: 'heartbeat' }], 'kvl_nope')).statusCode).toBe(401);
    const res = await send([{ seq: 1, at: minutesAgo(1), type: 'heartbeat' }], credential, { imei: '356938035643809' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The IMEI does not belong to this credential.');
    // A user's token is not a logger credential.
    expect((await send([{ seq: 1, at: minutesAgo(1), type: 'heartbeat' }], await t.token('admin'))).statusCode).toBe(401);
  });

  it('refuses a malformed batch whole, naming the event', async () => {
    const { device, send } = await newDevice();
    const res = await send([
      { seq: 1, at: minutesAgo(3), type: 'coin', valueCents: 100 },
      { seq: 2, at: minutesAgo(3), type: 'coin', valueCents: -5 },
      { seq: 3, at: 'yesterday', type: 'token' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['events.1.valueCents', 'events.2.at']);
    expect(await t.db.select().from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id))).toHaveLength(0);
  });

  it('stores payments, derives the rollup and the box, and acknowledges a resend as duplicates', async () => {
    const { device, answer, daily, stateOf } = await newDevice();
    const batch: EventInput[] = [
      { seq: 10, at: minutesAgo(30), type: 'coin', valueCents: 100, count: 2 },
      { seq: 11, at: minutesAgo(29), type: 'token', count: 3 },
      { seq: 12, at: minutesAgo(28), type: 'cashless', valueCents: 400 },
      { seq: 13, at: minutesAgo(27), type: 'heartbeat', signal: -71, firmware: '2.4.1' },
    ];
    expect(await answer(batch)).toMatchObject({ accepted: 4, duplicates: 0, lastSeq: 13, commands: [] });
    // coins 200 + tokens 3 × 1,00 € + card 400 = 900 cents at 2,00 € a play: 4 plays, 1,00 € of credit left.
    expect(await daily()).toMatchObject({ coins: 200, tokens: 3, cashless: 400, plays: 4 });
    expect(await stateOf()).toMatchObject({ boxCents: 200, boxTokens: 3, creditCents: 100, signal: -71, firmware: '2.4.1' });
    const again = await answer(batch);
    expect(again).toMatchObject({ accepted: 0, duplicates: 4, duplicateSeqs: [10, 11, 12, 13], lastSeq: 13 });
    expect(await daily()).toMatchObject({ coins: 200, plays: 4 });
    // Out of order and partly repeated: only the new ones count.
    expect(
      await answer([
        { seq: 15, at: minutesAgo(20), type: 'coin', valueCents: 100 },
        { seq: 10, at: minutesAgo(30), type: 'coin', valueCents: 100, count: 2 },
        { seq: 14, at: minutesAgo(25), type: 'coin', valueCents: 100 },
      ]),
    ).toMatchObject({ accepted: 2, duplicates: 1, lastSeq: 15 });
    expect(await daily()).toMatchObject({ coins: 400, plays: 5 });
    const rows = await t.db.select().from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.locationId))).toEqual(new Set([Number(device.location?.split('/').pop())]));
  });

  it('marks payments in service mode as test plays, kept out of revenue, and records the session', async () => {
    const { device, answer, daily } = await newDevice();
    await answer([{ seq: 10, at: minutesAgo(20), type: 'coin', valueCents: 100, count: 4 }]);
    await answer([
      { seq: 20, at: minutesAgo(19), type: 'service_mode', on: true },
      { seq: 21, at: minutesAgo(18), type: 'coin', valueCents: 200 },
      { seq: 22, at: minutesAgo(17), type: 'service_mode', on: false },
    ]);
    expect(await daily()).toMatchObject({ coins: 400, test: 200 });
    const [session] = await t.db.select().from(serviceSessions).where(eq(serviceSessions.deviceId, device.id));
    expect(session).toMatchObject({ plays: 1 });
    expect(session?.endedAt).not.toBeNull();
    const [testEvent] = await t.db
      .select()
      .from(telemetryEvents)
      .where(and(eq(telemetryEvents.deviceId, device.id), eq(telemetryEvents.seq, 21)));
    expect(testEvent?.test).toBe(true);
  });

  it('keeps a critical alarm until cleared, and closes the cash period at an emptying', async () => {
    const { device, answer, stateOf } = await newDevice();
    // 4,00 € of coins and 3 tokens paid, then 2,00 € during service mode: all of it in the box.
    await answer([
      { seq: 10, at: minutesAgo(30), type: 'coin', valueCents: 100, count: 4 },
      { seq: 11, at: minutesAgo(29), type: 'token', count: 3 },
      { seq: 20, at: minutesAgo(19), type: 'service_mode', on: true },
      { seq: 21, at: minutesAgo(18), type: 'coin', valueCents: 200 },
      { seq: 22, at: minutesAgo(17), type: 'service_mode', on: false },
    ]);
    await answer([{ seq: 30, at: minutesAgo(16), type: 'alarm', code: 'E12', critical: true }]);
    expect(await stateOf()).toMatchObject({ critical: true, criticalCode: 'E12' });
    // The devices list shows it, and lists the devices critical now.
    const critical = await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?critical=true' });
    expect(critical.body.member.map((d) => d.id)).toEqual([device.id]);
    expect(critical.body.member[0]?.state).toMatchObject({
      online: true,
      critical: true,
      criticalCode: 'E12',
      cashInBoxCents: 600,
      tokensInBox: 3,
    });
    const every = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices' })).body.totalItems ?? 0;
    expect((await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?critical=false' })).body.totalItems).toBe(every - 1);
    await answer([
      { seq: 31, at: minutesAgo(15), type: 'alarm_cleared', code: 'E12' },
      { seq: 32, at: minutesAgo(14), type: 'emptying', coinsCents: 600, tokens: 3 },
    ]);
    expect(await stateOf()).toMatchObject({ critical: false, boxCents: 0, boxTokens: 0 });
    const [episode] = await t.db.select().from(criticalEpisodes).where(eq(criticalEpisodes.deviceId, device.id));
    expect(episode?.endedAt).not.toBeNull();
    const [emptying] = await t.db.select().from(emptyings).where(eq(emptyings.deviceId, device.id));
    // The box held 400 of coins and the 200 of the service-mode test: 600, as the device counted.
    expect(emptying).toMatchObject({ countedCents: 600, countedTokens: 3, deviceCoinsCents: 600, deviceTokens: 3 });

    // The device's histories, as the screens read them.
    const history = async (name: string) =>
      (await t.json<Collection<Record<string, unknown>>>('worker', { url: `/api/v2/${name}?device=${device.id}` })).body.member;
    expect(await history('service-sessions')).toMatchObject([{ deviceName: device.name, plays: 1 }]);
    expect(await history('critical-episodes')).toMatchObject([{ code: 'E12', durationMinutes: 1 }]);
    expect(await history('emptyings')).toMatchObject([{ countedCents: 600, deviceCoinsCents: 600, locationName: device.locationName }]);
    expect((await t.json<Collection<unknown>>('otherManager', { url: '/api/v2/emptyings' })).body.totalItems).toBe(0);
  });

  it('returns pending commands once, and a confirming event completes them', async () => {
    const { device, logger, answer, daily } = await newDevice();
    const [command] = await t.db
      .insert(deviceCommands)
      .values({ companyId: 1, loggerId: logger.id, deviceId: device.id, type: 'free_ride', reason: 'test' })
      .returning();
    const first = await answer([{ seq: 40, at: minutesAgo(10), type: 'heartbeat' }]);
    expect(first.commands).toEqual([{ id: command?.id, type: 'free_ride' }]);
    expect((await answer([{ seq: 41, at: minutesAgo(9), type: 'heartbeat' }])).commands).toEqual([]);
    await answer([{ seq: 42, at: minutesAgo(8), type: 'free_ride', commandId: command?.id }]);
    const [done] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, command?.id ?? 0));
    expect(done?.status).toBe('done');
    expect(await daily()).toMatchObject({ freeRides: 1 });
  });

  it('clamps a time in the future, and attributes events to where the device stood then', async () => {
    const { device, answer } = await newDevice();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const res = await answer([{ seq: 50, at: future, type: 'heartbeat' }]);
    expect(res.clampedSeqs).toEqual([50]);
    const [row] = await t.db
      .select()
      .from(telemetryEvents)
      .where(and(eq(telemetryEvents.deviceId, device.id), eq(telemetryEvents.seq, 50)));
    expect(row?.reportedAt?.toISOString()).toBe(future);
    expect(row?.at.getTime()).toBeLessThan(Date.now() + 1000);

    const before = Number(device.location?.split('/').pop());
    const korzo = (await t.json<Collection<Location>>('manager', { url: '/api/v2/locations?name=Korzo' })).body.member[0] as Location;
    await t.as('manager', { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: { location: korzo['@id'] } });
    // A late event from before the move still belongs to the old location; a new one to the new.
    await answer([
      { seq: 60, at: minutesAgo(5), type: 'coin', valueCents: 100 },
      { seq: 61, at: new Date().toISOString(), type: 'coin', valueCents: 100 },
    ]);
    const moved = await t.db.select().from(telemetryEvents).where(eq(telemetryEvents.deviceId, device.id));
    expect(moved.find((r) => r.seq === 60)?.locationId).toBe(before);
    expect(moved.find((r) => r.seq === 61)?.locationId).toBe(korzo.id);
    const rollups = await t.db.select().from(deviceDaily).where(eq(deviceDaily.deviceId, device.id));
    expect([...new Set(rollups.map((r) => r.locationKey))].sort()).toEqual([before, korzo.id].sort());
    // The events are up to half an hour old: near midnight in Zagreb they fall on two business days.
    const days = new Set([businessDate(new Date(Date.now() - 3_600_000)), businessDate()]);
    expect(rollups.every((r) => days.has(r.day))).toBe(true);
    // The locations' rollups took each half where it was earned.
    expect(await rollupDisagreements(t.db)).toEqual([]);
  });
});
