import type { HoldRule } from '@kovanica/contract';
import { PLAUSIBILITY } from '@kovanica/contract';
import { isPayment, measure } from './ingest-classify.ts';
import type { IngestContext, Timed } from './ingest-context.ts';

// Whether a batch's money is plausible for the device that sends it (docs/rules.md "Plausibility").
// EVENT_LIMITS bound an event alone, whatever the device; this judges a batch's payments together,
// against the device's play price, before anything of the batch is counted.

type Device = Pick<NonNullable<IngestContext['device']>, 'id' | 'playPriceCents' | 'tokenValueCents'>;

/** Why a batch is implausible: the payment at which the rule broke, the stretch's money and its limit. */
export interface Implausible {
  rule: HoldRule;
  seq: number;
  valueCents: number;
  limitCents: number;
}

/** What a device may take: a burst (one payment, or several at once) and a rate per millisecond after it. */
export function plausibleFor(device: Device): { burstCents: number; centsPerMs: number } {
  const price = Math.max(device.playPriceCents, PLAUSIBILITY.minPriceCents);
  return { burstCents: PLAUSIBILITY.burstPlays * price, centsPerMs: (PLAUSIBILITY.playsPerMinute * price) / 60_000 };
}

/**
 * The money a payment stands for: as counted (`measure`), but tokens of a device whose tokens have no
 * value (0) at the play price each, so that a flood of them is judged too.
 */
function paymentValue(t: Timed, device: Device): number {
  const { amountCents, count } = measure(t.event, device.tokenValueCents);
  return t.event.type === 'token' && device.tokenValueCents <= 0
    ? count * Math.max(device.playPriceCents, PLAUSIBILITY.minPriceCents)
    : amountCents;
}

/**
 * The first place where the batch's payments (test plays too: their money is in the box) hold more
 * money than the device can take: in any stretch of them, at most the burst plus the rate times the
 * stretch's length. Walked once in time order as a leaky bucket (its level after each payment is the
 * most any stretch ending there holds beyond the rate), so O(events). The logger's own times space the
 * payments: a clock too far ahead moved them all to the receipt time, which would make a burst of a
 * day's plays. Null when the batch is plausible.
 */
export function implausibleIn(fresh: readonly Timed[], device: Device): Implausible | null {
  const { burstCents, centsPerMs } = plausibleFor(device);
  const timeOf = (t: Timed) => (t.reportedAt ?? t.at).getTime();
  // `fresh` is in applied-time order; only a clamped time can put the logger's own order elsewhere.
  const ordered = fresh.some((t) => t.reportedAt !== null) ? [...fresh].sort((a, b) => timeOf(a) - timeOf(b)) : fresh;
  // The stretch ending at the current payment that holds the most beyond the rate: it starts where the
  // bucket last ran empty. Its money less the rate times its length is the bucket's level.
  let from = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const t of ordered) {
    if (!isPayment(t.event.type)) continue;
    const value = paymentValue(t, device);
    const at = timeOf(t);
    if (sum - (at - from) * centsPerMs <= 0) {
      from = at;
      sum = 0;
    }
    sum += value;
    if (value > burstCents) return { rule: 'payment', seq: t.event.seq, valueCents: value, limitCents: burstCents };
    const limitCents = burstCents + Math.floor((at - from) * centsPerMs);
    if (sum > limitCents) return { rule: 'rate', seq: t.event.seq, valueCents: sum, limitCents };
  }
  return null;
}
