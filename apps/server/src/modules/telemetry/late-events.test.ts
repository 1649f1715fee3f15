import type { Collection, Device, TelemetryAnswer } from '@kovanica/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { criticalEpisodes, deposits, deviceState, emptyings, serviceSessions } from '../../db/schema/index.ts';
import { demoCredential } from '../../demo/fleet.ts';
import { testApp } from '../../testing/app.ts';

// Loggers send in order, but a batch can arrive hours late (no signal, a retry after a crash): the
// cash periods and deposits must still add up to what went into the box.
const t = await testApp();
const device = (await t.json<Collection<Device>>('manager', { url: '/api/v2/devices?name=Autić 1' })).body.member[0] as Device;
const imei = device.imei as string;
let seq = 1;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const coin = (minutes: number, valueCents: number) => ({ seq: seq++, at: minutesAgo(minutes), type: 'coin', valueCents });
const emptying = (minutes: number) => ({ seq: seq++, at: minutesAgo(minutes), type: 'emptying', coinsCents: 0, tokens: 0 });

const send = async (events: unknown[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/telemetry/batches',
    headers: { authorization: `Bearer ${demoCredential(imei)}` },
    payload: { imei, events },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TelemetryAnswer>();
};
const periods = async () =>
  (
    await t.db
      .select({ at: emptyings.at, counted: emptyings.countedCents, start: emptyings.periodStart, reported: deposits.reportedCoinsCents })
      .from(emptyings)
      .innerJoin(deposits, eq(deposits.emptyingId, emptyings.id))
      .where(eq(emptyings.deviceId, device.id))
      .orderBy(asc(emptyings.at))
  ).map((p) => ({ counted: p.counted, reported: p.reported, start: p.start?.toISOString() ?? null }));
const box = async () => (await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0]?.boxCents;

describe('late events and the cash in the box', () => {
  const at = { first: 300, second: 280, third: 260, emptied: 290, lateCoin: 295, olderEmptying: 298 };

  it('an emptying that arrives after later events takes only what came before it', async () => {
    await send([coin(at.first, 100), coin(at.second, 200), coin(at.third, 400)]);
    expect(await box()).toBe(700);
    await send([emptying(at.emptied)]);
    expect(await periods()).toEqual([{ counted: 100, reported: 100, start: null }]);
    expect(await box()).toBe(600);
  });

  it('money older than the last emptying joins the period that emptying closed, and its deposit', async () => {
    await send([coin(at.lateCoin, 50)]);
    expect(await periods()).toEqual([{ counted: 150, reported: 150, start: null }]);
    expect(await box()).toBe(600);
  });

  it('an emptying older than the last one takes its share out of the next period', async () => {
    const [next] = await t.db.select({ at: emptyings.at }).from(emptyings).where(eq(emptyings.deviceId, device.id));
    const older = emptying(at.olderEmptying);
    await send([older]);
    expect(await periods()).toEqual([
      { counted: 100, reported: 100, start: null },
      { counted: 50, reported: 50, start: new Date(older.at).toISOString() },
    ]);
    expect(next).toBeDefined();
    // Every cent that went in is in exactly one place: the two periods and the box.
    expect(100 + 50 + ((await box()) ?? 0)).toBe(100 + 200 + 400 + 50);
  });

  it('leaves a verified deposit as it was verified', async () => {
    await t.db.update(deposits).set({ verifiedAt: new Date(), depositCoinsCents: 50 }).where(eq(deposits.deviceId, device.id));
    await send([coin(at.lateCoin - 1, 20)]);
    const after = await periods();
    expect(after[1]).toMatchObject({ counted: 70, reported: 50 });
  });

  const state = async () => (await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0];
  const spans = async (table: typeof serviceSessions | typeof criticalEpisodes) =>
    (
      await t.db
        .select({ from: table.startedAt, to: table.endedAt })
        .from(table)
        .where(eq(table.deviceId, device.id))
        .orderBy(asc(table.startedAt))
    ).map((s) => [s.from.toISOString(), s.to?.toISOString() ?? null]);
  const event = (minutes: number, type: string, more: Record<string, unknown> = {}) => ({
    seq: seq++,
    at: minutesAgo(minutes),
    type,
    ...more,
  });

  it('a late service-mode switch opens the session from its time, and a late switch-off closes it', async () => {
    await send([event(100, 'heartbeat')]);
    const on = event(150, 'service_mode', { on: true });
    await send([on]);
    expect(await state()).toMatchObject({ serviceMode: true, serviceSince: new Date(on.at) });
    const off = event(120, 'service_mode', { on: false });
    await send([off]);
    expect(await state()).toMatchObject({ serviceMode: false, serviceSince: null });
    // Inside a session already known: nothing new.
    await send([event(140, 'service_mode', { on: true })]);
    expect(await spans(serviceSessions)).toEqual([[new Date(on.at).toISOString(), new Date(off.at).toISOString()]]);
    // From now on, payments are paid plays again.
    await send([event(90, 'coin', { valueCents: 100 })]);
    expect((await state())?.serviceMode).toBe(false);
  });

  it('a late critical alarm makes the device critical from its time, up to a clearing stored after it', async () => {
    const alarm = event(105, 'alarm', { code: 'E7', critical: true });
    await send([alarm]);
    expect(await state()).toMatchObject({ critical: true, criticalCode: 'E7', criticalSince: new Date(alarm.at) });
    const cleared = event(102, 'alarm_cleared', { code: 'E7' });
    await send([cleared]);
    expect(await state()).toMatchObject({ critical: false, criticalCode: null });
    // A clearing that came first, then its alarm, late: a closed episode between them.
    const laterClear = event(50, 'alarm_cleared', { code: 'E5' });
    await send([laterClear]);
    const earlierAlarm = event(60, 'alarm', { code: 'E5', critical: true });
    await send([earlierAlarm]);
    expect((await state())?.critical).toBe(false);
    expect(await spans(criticalEpisodes)).toEqual([
      [new Date(alarm.at).toISOString(), new Date(cleared.at).toISOString()],
      [new Date(earlierAlarm.at).toISOString(), new Date(laterClear.at).toISOString()],
    ]);
  });
});
