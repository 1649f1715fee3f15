import type { DeviceGroup, TelemetryEvent, WorkingHours } from '@kovanica/contract';
import { weekdays } from '@kovanica/contract';
import { seededRandom } from '../../core/random.ts';

/**
 * The fleet's behaviour, for the simulator and the demo history (docs/rules.md "The demo"): plays within opening hours,
 * weekday and seasonal patterns (the coast busy in summer), prices per device group, coins and
 * tokens, emptying every one to two weeks, alarms, service-mode sessions, free rides and resets; and
 * a device in trouble (`Trouble`) that stays in it, so the demo shows every device state.
 * Deterministic for a seed, and it keeps the truth (what each device really took) so a test can
 * check that ingestion lost nothing and counted nothing twice.
 */

export interface SimDevice {
  imei: string;
  group: DeviceGroup;
  playPriceCents: number;
  tokenValueCents: number;
  coast: boolean;
  hours: WorkingHours;
  /** Trouble it gets into and stays in (none: it behaves). */
  trouble?: Trouble;
  /** Loyalty cards (uids) its regular customers play with: about one play in 25 is paid by one of them. */
  cards?: readonly string[];
}

/**
 * What goes wrong with a device from `since` on, and stays wrong (until someone acts in the
 * back-office or on site). Ingestion derives the device's state from what it then sends:
 * - `alarm`: a critical alarm (`code`) that is never cleared; the machine takes no more plays, its
 *   logger keeps sending heartbeats → critical;
 * - `silent`: the machine and its logger lose power or signal: nothing is sent from then on → offline;
 * - `service`: service mode is switched on and left on: customers' plays are test plays → service mode;
 * - `idle`: the logger reports, nobody pays (a jammed coin slot without an alarm) → problematic after
 *   three open days without revenue.
 */
export interface Trouble {
  kind: 'alarm' | 'silent' | 'service' | 'idle';
  since: Date;
  /** The alarm's code (`alarm`; E40 when not given). */
  code?: string;
}

/** Whether a device's logger still sends at an instant (a silent one sends nothing from its trouble on). */
export const stillReports = (device: SimDevice, at: Date) =>
  device.trouble?.kind !== 'silent' || at.getTime() < device.trouble.since.getTime();

/** What a device in trouble still sends, by event type. */
function sentInTrouble(kind: Trouble['kind'], type: string): boolean {
  if (kind === 'silent') return false;
  if (type === 'heartbeat') return true;
  // Left in service mode it is still played; nothing else happens that the logger reports.
  return kind === 'service' && ['coin', 'note', 'token', 'cashless', 'card', 'prize_out'].includes(type);
}

/**
 * What a device really took, outside service mode (the fault test compares ingestion with it). A device
 * in trouble takes nothing from then on but test plays (`service`).
 */
export interface Truth {
  coinsCents: number;
  tokens: number;
  plays: number;
}

/** Average paid plays on an ordinary weekday per group. */
const BASE_PLAYS: Record<DeviceGroup, number> = {
  kiddie_ride: 14,
  prize_device: 18,
  monster: 16,
  saldo_reducer: 10,
  vending: 12,
  other: 6,
};

/** The simulation's generator: seeded, so a seed is one fleet's history. */
export const random = seededRandom;

const ZAGREB_OFFSET_HOURS = (d: Date) => {
  // Central European time, summer time from the last Sunday of March to the last Sunday of October.
  const y = d.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month + 1, 0, 1));
    return Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  const t = d.getTime();
  return t >= lastSunday(2) && t < lastSunday(9) ? 2 : 1;
};

/** Busier on the coast in summer, inland around Christmas; weekends busier everywhere. */
export function demandFactor(day: Date, coast: boolean): number {
  const month = day.getUTCMonth();
  const weekday = day.getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.6 : weekday === 5 ? 1.2 : 1;
  const coastSeason = [0.35, 0.35, 0.45, 0.6, 0.9, 1.6, 2.6, 2.8, 1.4, 0.7, 0.4, 0.5][month] ?? 1;
  const inlandSeason = [0.9, 0.9, 1, 1, 1, 0.85, 0.7, 0.7, 1, 1, 1.1, 1.4][month] ?? 1;
  return weekend * (coast ? coastSeason : inlandSeason);
}

/** Opening minutes of a Zagreb calendar day, from its hours (an end before the start runs past midnight). */
function openMinutes(hours: WorkingHours, weekdayIndex: number): [number, number] | null {
  const h = hours[weekdays[weekdayIndex] ?? 'mon'];
  if (!h) return null;
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  const start = toMin(h.start);
  let end = toMin(h.end);
  if (end <= start) end += 24 * 60;
  return [start, end];
}

export interface SimOptions {
  from: Date;
  to: Date;
  seed: number;
  /** First seq to use for each logger (continuing an earlier run). */
  firstSeq?: (imei: string) => number;
  /** Multiplies the demand (a livelier demo); 1 is the normal fleet. */
  demand?: number;
}

/**
 * Generates each device's events over the period, in time order with increasing `seq`, and the truth
 * of what it took. Loggers stay quiet outside opening hours except for occasional night alarms.
 */
export function simulate(
  devices: readonly SimDevice[],
  options: SimOptions,
): { events: Map<string, TelemetryEvent[]>; truth: Map<string, Truth> } {
  const events = new Map<string, TelemetryEvent[]>();
  const truth = new Map<string, Truth>();
  devices.forEach((device, index) => {
    const { list, sum } = simulateDevice(device, index, options);
    events.set(device.imei, list);
    truth.set(device.imei, sum);
  });
  return { events, truth };
}

/**
 * The same as `simulate`, a device at a time, giving way to other work between two: a server that
 * simulates the demo's history while it answers requests (demo/history.ts, decision 0044) is not held
 * up for the whole fleet's months at once.
 */
export async function simulateInTurns(
  devices: readonly SimDevice[],
  options: SimOptions,
): Promise<{ events: Map<string, TelemetryEvent[]>; truth: Map<string, Truth> }> {
  const events = new Map<string, TelemetryEvent[]>();
  const truth = new Map<string, Truth>();
  for (const [index, device] of devices.entries()) {
    await new Promise((resolve) => setImmediate(resolve));
    const { list, sum } = simulateDevice(device, index, options);
    events.set(device.imei, list);
    truth.set(device.imei, sum);
  }
  return { events, truth };
}

/**
 * One device's events over the period (the `index`th of the run, which seeds its generators) and the
 * truth of what it took.
 * Long because: a device's days are drawn in a fixed order from generators of their own, and the
 * demo's history and the tests' expectations depend on every draw; the state each draw moves (the
 * box, the service visit, the emptying countdown) is shared by the whole day.
 */
function simulateDevice(device: SimDevice, index: number, options: SimOptions): { list: TelemetryEvent[]; sum: Truth } {
  const generator = (n: number) => random(options.seed * 7919 + index * 104_729 + n * 15_485_863 + 1);
  // The first emptying from the device's generator; each day from its own (see below).
  let rnd = generator(0);
  const list: TelemetryEvent[] = [];
  const sum: Truth = { coinsCents: 0, tokens: 0, plays: 0 };
  let seq = options.firstSeq?.(device.imei) ?? 1;
  const trouble = device.trouble;
  const troubleAt = trouble?.since.getTime() ?? Number.POSITIVE_INFINITY;
  /** Whether the device is in its trouble at an instant. */
  const troubled = (at: number) => at >= troubleAt;
  const inPeriod = (t: number) => t >= options.from.getTime() && t < options.to.getTime();
  // Each day is drawn whole from a generator of its own (device and day), whatever part of it the
  // period holds, and each event is kept when its own time is in the period: a live run of short
  // periods sends every event once, the end of a service visit or the clearing of an alarm too.
  // A logger numbers its events as they happen: they get their seq once sorted by time.
  const timed: { at: number; e: Record<string, unknown> }[] = [];
  const push = (at: number, e: Record<string, unknown>) => {
    if (!inPeriod(at)) return;
    if (!trouble || !troubled(at) || sentInTrouble(trouble.kind, e.type as string)) timed.push({ at, e });
  };
  // The event that starts the trouble, when it falls in the period.
  if (trouble && inPeriod(troubleAt)) {
    if (trouble.kind === 'alarm') timed.push({ at: troubleAt, e: { type: 'alarm', code: trouble.code ?? 'E40', critical: true } });
    if (trouble.kind === 'service') timed.push({ at: troubleAt, e: { type: 'service_mode', on: true } });
  }
  let boxCoins = 0;
  let boxTokens = 0;
  let nextEmptying = 7 + Math.floor(rnd() * 8);
  let daysSinceEmptying = 0;

  // From the day before: its opening hours may run past midnight into the period.
  const start = Date.UTC(options.from.getUTCFullYear(), options.from.getUTCMonth(), options.from.getUTCDate() - 1);
  for (let dayStart = start; dayStart < options.to.getTime(); dayStart += 86_400_000) {
    rnd = generator(dayStart / 86_400_000);
    const day = new Date(dayStart);
    const offset = ZAGREB_OFFSET_HOURS(day) * 3_600_000;
    const weekdayIndex = (day.getUTCDay() + 6) % 7;
    const open = openMinutes(device.hours, weekdayIndex);
    daysSinceEmptying++;
    if (!open) continue;
    const [openMin, closeMin] = open;
    const minute = (m: number) => dayStart - offset + m * 60_000;
    const expected = BASE_PLAYS[device.group] * demandFactor(day, device.coast) * (0.6 + rnd() * 0.8) * (options.demand ?? 1);
    const plays = Math.max(0, Math.round(expected));
    const times = Array.from({ length: plays }, () => openMin + rnd() * (closeMin - openMin)).sort((a, b) => a - b);

    // A service visit about once a month: test plays that are not revenue. Customers' plays that
    // happen while it lasts are test plays too: the machine cannot tell them apart.
    let service: [number, number] | null = null;
    if (rnd() < 1 / 30) {
      const at = minute(openMin + 10 + rnd() * 60);
      // A visit that the device's trouble would cut short does not happen, nor one still going on at
      // the period's end: a device is left in service mode by its trouble only, whatever the hour the
      // history is written up to.
      if (!troubled(at + 600_000) && at + 600_000 < options.to.getTime()) {
        push(at, { type: 'service_mode', on: true });
        push(at + 120_000, { type: 'coin', valueCents: device.playPriceCents, count: 1 });
        if (inPeriod(at + 120_000)) boxCoins += device.playPriceCents;
        push(at + 600_000, { type: 'service_mode', on: false });
        service = [at, at + 600_000];
      }
    }

    for (const m of times) {
      const at = minute(m);
      // In trouble, a device takes no plays, except test plays while left in service mode.
      if (trouble && troubled(at) && trouble.kind !== 'service') continue;
      const testPlay = (service !== null && at >= service[0] && at < service[1]) || troubled(at);
      // Only the period's plays count: the truth, and the box its emptying reports.
      const paid = testPlay || !inPeriod(at) ? { coinsCents: 0, tokens: 0, plays: 0 } : sum;
      const box = inPeriod(at) ? 1 : 0;
      const roll = rnd();
      const price = device.playPriceCents;
      if ((device.group === 'kiddie_ride' || device.group === 'monster') && roll < 0.2 && device.tokenValueCents > 0) {
        const tokens = Math.max(1, Math.round(price / device.tokenValueCents));
        push(at, { type: 'token', count: tokens });
        paid.tokens += tokens;
        boxTokens += box * tokens;
      } else if (roll < 0.26) {
        push(at, { type: 'cashless', valueCents: price });
      } else if (device.cards?.length && roll < 0.3) {
        // Which regular it is follows from the same draw: devices without cards draw exactly as before.
        const cardUid = device.cards[Math.floor((roll - 0.26) * 1e6) % device.cards.length] as string;
        push(at, { type: 'card', cardUid, valueCents: price });
      } else if (price % 200 === 0 && roll < 0.7) {
        push(at, { type: 'coin', valueCents: 200, count: price / 200 });
        paid.coinsCents += price;
        boxCoins += box * price;
      } else {
        push(at, { type: 'coin', valueCents: 100, count: Math.max(1, Math.round(price / 100)) });
        paid.coinsCents += Math.max(1, Math.round(price / 100)) * 100;
        boxCoins += box * Math.max(1, Math.round(price / 100)) * 100;
      }
      paid.plays += 1;
      if (device.group === 'prize_device' && rnd() < 1 / 12) push(at + 30_000, { type: 'prize_out', count: 1 });
      if (rnd() < 0.004) push(at + 60_000, { type: 'free_ride' });
    }

    // An alarm now and then; a critical one is cleared within hours.
    if (rnd() < 1 / 25) {
      const at = minute(openMin + rnd() * (closeMin - openMin));
      // Not one whose clearing (within 6 hours) the device's trouble would swallow.
      if (!troubled(at + 6 * 3_600_000)) {
        const critical = rnd() < 0.3;
        const code = critical ? ['E12', 'E31', 'E40'][Math.floor(rnd() * 3)] : ['W01', 'W07'][Math.floor(rnd() * 2)];
        push(at, { type: 'alarm', code, critical });
        if (critical) push(at + (1 + rnd() * 5) * 3_600_000, { type: 'alarm_cleared', code });
      }
    }
    if (rnd() < 1 / 60) push(minute(openMin + 5), { type: 'reset', reason: 'watchdog' });
    if (daysSinceEmptying >= nextEmptying) {
      const at = minute(closeMin - 15);
      if (!troubled(at)) {
        push(at, { type: 'emptying', coinsCents: boxCoins, tokens: boxTokens });
        boxCoins = 0;
        boxTokens = 0;
        daysSinceEmptying = 0;
        nextEmptying = 7 + Math.floor(rnd() * 8);
      }
    }
    // One heartbeat a day keeps "last seen" honest without flooding the history.
    push(minute(openMin + 1), { type: 'heartbeat', signal: -60 - Math.floor(rnd() * 30), firmware: '2.4.0' });
  }
  // Stable: events at the same instant keep the order they happened in.
  timed.sort((a, b) => a.at - b.at);
  for (const { at, e } of timed) list.push({ seq: seq++, at: new Date(at).toISOString(), ...e } as TelemetryEvent);
  return { list, sum };
}
