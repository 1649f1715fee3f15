import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { criticalEpisodes, deposits, deviceDaily, deviceState, emptyings, serviceSessions } from '../../db/schema/index.ts';
import { testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, type EventInput, sendEvents } from '../../testing/fixtures.ts';

// Loggers send in order, but a batch can arrive hours late (no signal, a retry after a crash): the
// cash periods and deposits must still add up to what went into the box.
const t = await testApp();

/** A new device fitted with its own logger: its events, and what the tests ask about it. */
async function newDevice() {
  const { device, logger } = await createDeviceWithLogger(t);
  // One clock per device: two events written at the same minutes are at the same instant, whatever
  // milliseconds pass between building them.
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
  let seq = 1;
  const event = <T extends EventInput['type']>(
    minutes: number,
    type: T,
    more: Omit<Extract<EventInput, { type: T }>, 'seq' | 'at' | 'type'>,
  ) => ({ seq: seq++, at: minutesAgo(minutes), type, ...more }) as Extract<EventInput, { type: T }>;
  const periods = async () =>
    (
      await t.db
        .select({ at: emptyings.at, counted: emptyings.countedCents, start: emptyings.periodStart, reported: deposits.reportedCoinsCents })
        .from(emptyings)
        .innerJoin(deposits, eq(deposits.emptyingId, emptyings.id))
        .where(eq(emptyings.deviceId, device.id))
        .orderBy(asc(emptyings.at))
    ).map((p) => ({ counted: p.counted, reported: p.reported, start: p.start?.toISOString() ?? null }));
  const state = async () => (await t.db.select().from(deviceState).where(eq(deviceState.deviceId, device.id)))[0];
  const spans = async (table: typeof serviceSessions | typeof criticalEpisodes) =>
    (
      await t.db
        .select({ from: table.startedAt, to: table.endedAt })
        .from(table)
        .where(eq(table.deviceId, device.id))
        .orderBy(asc(table.startedAt))
    ).map((s) => [s.from.toISOString(), s.to?.toISOString() ?? null]);
  const coinsCounted = async () =>
    (
      await t.db
        .select({ coins: deviceDaily.coinsCents, test: deviceDaily.testCents })
        .from(deviceDaily)
        .where(eq(deviceDaily.deviceId, device.id))
    ).reduce((sum, r) => ({ paid: sum.paid + r.coins, test: sum.test + r.test }), { paid: 0, test: 0 });
  return {
    device,
    coinsCounted,
    send: (events: EventInput[]) => sendEvents(t, logger, events),
    event,
    coin: (minutes: number, valueCents: number) => event(minutes, 'coin', { valueCents }),
    emptying: (minutes: number) => event(minutes, 'emptying', { coinsCents: 0, tokens: 0 }),
    periods,
    box: async () => (await state())?.boxCents,
    state,
    spans,
  };
}
type TestDevice = Awaited<ReturnType<typeof newDevice>>;

describe('late events and the cash in the box', () => {
  const at = { first: 300, second: 280, third: 260, emptied: 290, lateCoin: 295, olderEmptying: 298 };
  // The story so far, for each test to replay up to where it starts.
  const coinsThenLateEmptying = async (d: TestDevice) => {
    await d.send([d.coin(at.first, 100), d.coin(at.second, 200), d.coin(at.third, 400)]);
    await d.send([d.emptying(at.emptied)]);
  };
  const thenLateCoin = async (d: TestDevice) => {
    await coinsThenLateEmptying(d);
    await d.send([d.coin(at.lateCoin, 50)]);
  };
  const thenOlderEmptying = async (d: TestDevice) => {
    await thenLateCoin(d);
    await d.send([d.emptying(at.olderEmptying)]);
  };

  it('an emptying that arrives after later events takes only what came before it', async () => {
    const { send, coin, emptying, periods, box } = await newDevice();
    await send([coin(at.first, 100), coin(at.second, 200), coin(at.third, 400)]);
    expect(await box()).toBe(700);
    await send([emptying(at.emptied)]);
    expect(await periods()).toEqual([{ counted: 100, reported: 100, start: null }]);
    expect(await box()).toBe(600);
  });

  it('money older than the last emptying joins the period that emptying closed, and its deposit', async () => {
    const d = await newDevice();
    await coinsThenLateEmptying(d);
    await d.send([d.coin(at.lateCoin, 50)]);
    expect(await d.periods()).toEqual([{ counted: 150, reported: 150, start: null }]);
    expect(await d.box()).toBe(600);
  });

  it('an emptying older than the last one takes its share out of the next period', async () => {
    const d = await newDevice();
    const { device, send, emptying, periods, box } = d;
    await thenLateCoin(d);
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
    const d = await newDevice();
    const { device, send, coin, periods } = d;
    await thenOlderEmptying(d);
    await t.db.update(deposits).set({ verifiedAt: new Date(), depositCoinsCents: 50 }).where(eq(deposits.deviceId, device.id));
    await send([coin(at.lateCoin - 1, 20)]);
    const after = await periods();
    expect(after[1]).toMatchObject({ counted: 70, reported: 50 });
  });

  // A batch's emptyings are written with its events (decision 0035): what reads them within the batch must still see them.
  it('money at the instant of an emptying of the same batch joins that period, and the next emptying starts after it', async () => {
    const { send, coin, emptying, periods, box } = await newDevice();
    const emptied = emptying(290);
    await send([coin(300, 100), emptied, coin(290, 50), emptying(280), coin(270, 20)]);
    expect(await periods()).toEqual([
      { counted: 150, reported: 150, start: null },
      { counted: 0, reported: 0, start: new Date(emptied.at).toISOString() },
    ]);
    expect(await box()).toBe(20);
  });

  it('two late emptyings in one batch: the second finds the first as the period before it', async () => {
    const { send, coin, emptying, periods, box } = await newDevice();
    await send([coin(400, 100), emptying(200)]);
    const older = emptying(300);
    const newer = emptying(250);
    await send([older, newer]);
    expect(await periods()).toEqual([
      { counted: 100, reported: 100, start: null },
      { counted: 0, reported: 0, start: new Date(older.at).toISOString() },
      { counted: 0, reported: 0, start: new Date(newer.at).toISOString() },
    ]);
    expect(await box()).toBe(0);
  });

  it('a late service-mode switch opens the session from its time, and a late switch-off closes it', async () => {
    const { send, event, state, spans } = await newDevice();
    await send([event(100, 'heartbeat', {})]);
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
    const { send, event, state, spans } = await newDevice();
    await send([event(90, 'heartbeat', {})]);
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

  // A batch swapped with the next one in delivery (a retry): the later session arrived first. The first
  // session's switch-on was cut at the next stored switch, which was the later session's own switch-on,
  // and the payments after its switch-off counted as test plays (the simulation found it).
  it('a late session before one already stored ends at its own switch-off, and the payments after it are paid', async () => {
    const { send, event, coin, spans, coinsCounted } = await newDevice();
    const laterOn = event(100, 'service_mode', { on: true });
    const laterOff = event(90, 'service_mode', { on: false });
    await send([laterOn, laterOff, event(80, 'heartbeat', {})]);
    const on = event(200, 'service_mode', { on: true });
    const off = event(190, 'service_mode', { on: false });
    await send([on, coin(195, 100), off, coin(180, 200), coin(150, 500)]);
    const iso = (e: { at: string }) => new Date(e.at).toISOString();
    expect(await spans(serviceSessions)).toEqual([
      [iso(on), iso(off)],
      [iso(laterOn), iso(laterOff)],
    ]);
    expect(await coinsCounted()).toEqual({ paid: 700, test: 100 });
    // The switch-off in a batch of its own, later still: the session is cut where the next one began,
    // then shortened by its switch-off, and what follows is paid.
    const { send: send2, event: event2, coin: coin2, spans: spans2, coinsCounted: counted2 } = await newDevice();
    const next = event2(100, 'service_mode', { on: true });
    await send2([next, event2(90, 'service_mode', { on: false })]);
    const early = event2(200, 'service_mode', { on: true });
    await send2([early, coin2(195, 100)]);
    expect((await spans2(serviceSessions))[0]).toEqual([iso(early), iso(next)]);
    const earlyOff = event2(190, 'service_mode', { on: false });
    await send2([earlyOff, coin2(180, 200)]);
    expect((await spans2(serviceSessions))[0]).toEqual([iso(early), iso(earlyOff)]);
    expect(await counted2()).toEqual({ paid: 200, test: 100 });
  });

  it('a late critical episode before one already stored ends at its own clearing, not at the later one', async () => {
    const { send, event, spans } = await newDevice();
    const laterAlarm = event(100, 'alarm', { code: 'E12', critical: true });
    const laterClear = event(90, 'alarm_cleared', { code: 'E12' });
    await send([laterAlarm, laterClear]);
    const alarm = event(200, 'alarm', { code: 'E12', critical: true });
    await send([alarm]);
    const iso = (e: { at: string }) => new Date(e.at).toISOString();
    // Cut where the next episode began, for now: episodes never overlap.
    expect((await spans(criticalEpisodes))[0]).toEqual([iso(alarm), iso(laterAlarm)]);
    const cleared = event(190, 'alarm_cleared', { code: 'E12' });
    await send([cleared]);
    expect(await spans(criticalEpisodes)).toEqual([
      [iso(alarm), iso(cleared)],
      [iso(laterAlarm), iso(laterClear)],
    ]);
  });
});
