import { businessDate, MACHINE_VAT_PERCENT, netOfVat, type TelemetryEvent } from '@kovanica/contract';
import { landingOf } from '../month-closes/month-closes.service.ts';
import type { IngestContext, Span, StateRow } from './ingest-context.ts';

/** The money parts of a rollup row (`device_daily`), and the counters beside them. */
export interface Rollup {
  /** The business day the sums are counted on: the event's, or for a closed month's the landing day (`landingOf`). */
  day: string;
  /** The closed month (its first day) the sums belong to, counted on `day` of a later open month; else null. */
  ofMonth: string | null;
  locationId: number | null;
  coinsCents: number;
  notesCents: number;
  cashlessCents: number;
  /** Card plays paid from the card's paid credit (revenue), and from its bonus (not revenue). */
  cardCents: number;
  cardBonusCents: number;
  /** VAT of the payments billed at the machine, and VAT charged when the credit and tokens played were sold. */
  vatCents: number;
  saleVatCents: number;
  tokens: number;
  tokensCents: number;
  plays: number;
  testPlays: number;
  testCents: number;
  freeRides: number;
  resets: number;
  prizesOut: number;
  events: number;
}

type EventType = TelemetryEvent['type'];
type Device = NonNullable<IngestContext['device']>;

const PAYMENTS: ReadonlySet<EventType> = new Set<EventType>(['coin', 'note', 'token', 'cashless', 'card']);

/** Whether an event is a payment: money or tokens that buy plays. */
export const isPayment = (type: EventType) => PAYMENTS.has(type);

/**
 * The business day of an instant, memoised per UTC hour: Zagreb's offset is whole hours, so every
 * instant of a UTC hour falls on the same Zagreb day, and `Intl` is the dearest step per event.
 */
const dayOfHour = new Map<number, string>();
function dayOf(at: Date): string {
  const hour = Math.floor(at.getTime() / 3_600_000);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size > 50_000) dayOfHour.clear();
    day = businessDate(at);
    dayOfHour.set(hour, day);
  }
  return day;
}

/** A batch's rollup rows, one per business day and location (a device standing nowhere: location 0). */
export class Rollups {
  readonly #byKey = new Map<string, Rollup>();

  /** `closed`: the first days of the company's closed months, whose events are counted in a later open month. */
  constructor(readonly closed: ReadonlySet<string> = new Set()) {}

  /** The row an event at `at`, at `locationId`, counts toward. */
  of(at: Date, locationId: number | null): Rollup {
    const { day, ofMonth } = this.closed.size === 0 ? { day: dayOf(at), ofMonth: null } : landingOf(this.closed, dayOf(at));
    const key = `${day}|${locationId ?? 0}|${ofMonth ?? ''}`;
    let rollup = this.#byKey.get(key);
    if (!rollup) {
      rollup = {
        day,
        ofMonth,
        locationId,
        coinsCents: 0,
        notesCents: 0,
        cashlessCents: 0,
        cardCents: 0,
        cardBonusCents: 0,
        vatCents: 0,
        saleVatCents: 0,
        tokens: 0,
        tokensCents: 0,
        plays: 0,
        testPlays: 0,
        testCents: 0,
        freeRides: 0,
        resets: 0,
        prizesOut: 0,
        events: 0,
      };
      this.#byKey.set(key, rollup);
    }
    return rollup;
  }

  rows(): Rollup[] {
    return [...this.#byKey.values()];
  }
}

/** Where the device stood at an instant (its placement then), or null. */
export const locationAt = (placements: IngestContext['placements'], at: Date) =>
  placements.find((p) => p.from <= at && (p.to === null || at < p.to))?.locationId ?? null;

/** Whether an instant falls inside one of the spans (a service session). */
export const inSpan = (spans: readonly Span[], at: Date) => spans.some((s) => s.from <= at && (s.to === null || at < s.to));

/**
 * The money an event stands for (coins × value, a card payment, tokens × the device's token value) and
 * its count (coins, tokens, prizes; 1 for a card payment, a free ride or a reset; 0 otherwise).
 */
export function measure(event: TelemetryEvent, tokenValueCents: number): { amountCents: number; count: number } {
  switch (event.type) {
    case 'coin':
    case 'note':
      return { amountCents: event.valueCents * event.count, count: event.count };
    case 'token':
      return { amountCents: event.count * tokenValueCents, count: event.count };
    case 'cashless':
    case 'card':
      return { amountCents: event.valueCents, count: 1 };
    case 'prize_out':
      return { amountCents: 0, count: event.count };
    case 'free_ride':
    case 'reset':
      return { amountCents: 0, count: 1 };
    default:
      return { amountCents: 0, count: 0 };
  }
}

/** Counts a prize out, a free ride or a reset in its rollup row. */
export function countEvent(rollup: Rollup, event: TelemetryEvent) {
  if (event.type === 'prize_out') rollup.prizesOut += event.count;
  else if (event.type === 'free_ride') rollup.freeRides += 1;
  else if (event.type === 'reset') rollup.resets += 1;
}

/** The remote command a free ride, a reset or a turn of the service switch carries out, if it names one. */
export function commandOf(event: TelemetryEvent): number | null {
  if ((event.type === 'free_ride' || event.type === 'reset' || event.type === 'service_mode') && event.commandId) return event.commandId;
  return null;
}

/**
 * Counts a payment in its rollup row: during service mode (`test`) as test plays and money, otherwise
 * in its part of revenue with the plays it buys. Paid plays come from the device's credit: what is left
 * over waits in `state.creditCents` for the next payment. Answers the test plays it counted.
 */
export function countPayment(
  rollup: Rollup,
  state: StateRow,
  device: Device,
  type: EventType,
  amountCents: number,
  count: number,
  test: boolean,
): number {
  const plays = device.playPriceCents > 0 ? Math.max(1, Math.floor(amountCents / device.playPriceCents)) : count;
  if (test) {
    rollup.testCents += amountCents;
    rollup.testPlays += plays;
    return plays;
  }
  const vat = device.inVatSystem ? vatIn(amountCents) : 0;
  if (type === 'coin') rollup.coinsCents += amountCents;
  else if (type === 'note') rollup.notesCents += amountCents;
  else if (type === 'cashless') rollup.cashlessCents += amountCents;
  // All of it paid credit until the card's debit says how much was bonus (`countBonus`).
  else if (type === 'card') rollup.cardCents += amountCents;
  else {
    rollup.tokens += count;
    rollup.tokensCents += amountCents;
  }
  if (type === 'coin' || type === 'note' || type === 'cashless') rollup.vatCents += vat;
  else rollup.saleVatCents += vat;
  if (device.playPriceCents > 0) {
    state.creditCents += amountCents;
    const whole = Math.floor(state.creditCents / device.playPriceCents);
    rollup.plays += whole;
    state.creditCents -= whole * device.playPriceCents;
  } else rollup.plays += plays;
  return 0;
}

/**
 * The VAT in a gross amount at the machines' rate, as a bill of that amount states it: the amount less
 * its net rounded to the cent (docs/rules.md, "Revenue and VAT").
 */
export const vatIn = (grossCents: number) => grossCents - netOfVat(grossCents, MACHINE_VAT_PERCENT);

/**
 * Moves the part of a card play paid from the card's bonus out of its revenue (`cardCents`) into
 * `cardBonusCents`, with the VAT of the sale that no longer applies to it: a bonus was never sold.
 */
export function countBonus(rollup: Rollup, device: Device, amountCents: number, bonusCents: number) {
  if (bonusCents <= 0) return;
  rollup.cardCents -= bonusCents;
  rollup.cardBonusCents += bonusCents;
  if (device.inVatSystem) rollup.saleVatCents -= vatIn(amountCents) - vatIn(amountCents - bonusCents);
}
