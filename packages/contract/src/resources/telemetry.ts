import { z } from 'zod';

/**
 * The telemetry wire format (docs/api.md "Telemetry"; decision 0007), published for logger makers: it stays stable. A batch is
 * refused whole when any event is malformed; the problem's violations name the event
 * (`events.12.valueCents`).
 */
export const MAX_BATCH_EVENTS = 1000;
/** Timestamps further ahead than this are replaced by the time of receipt and flagged. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The earliest time an event may carry: a logger's clock before it is a clock not yet set. */
export const EARLIEST_EVENT_AT = '2000-01-01T00:00:00Z';

/**
 * The largest values one event may carry (docs/api.md "Input bounds"). They are generous for any
 * real machine, and keep every stored event and a day's sums far inside their columns.
 */
export const EVENT_LIMITS = {
  /** One coin: 10 € (the largest euro coin is 2 €). */
  coinCents: 1_000,
  /** One note: 500 €. */
  noteCents: 50_000,
  /** One cashless or loyalty-card payment: 1,000 €. */
  paymentCents: 100_000,
  /** Coins, notes, tokens or prizes counted in one event. */
  count: 1_000,
  /** An emptying's own counters: 1,000,000 € and 10,000,000 tokens. */
  emptyingCents: 100_000_000,
  emptyingTokens: 10_000_000,
} as const;

/**
 * What a device can plausibly take (docs/rules.md "Plausibility"), judged per batch against the device's
 * play price, where EVENT_LIMITS judge an event alone. Money counts in plays at the device's play price,
 * a price under `minPriceCents` (or none, 0) as that: in any stretch of a batch's payments (one
 * payment alone too), at most `burstPlays` plays' worth plus `playsPerMinute` plays' worth a minute of
 * the stretch. A batch past it is stored but held, uncounted, and the device is critical with
 * `code` until someone releases or discards it.
 */
export const PLAUSIBILITY = {
  /** One payment, or a burst of them: 50 plays' worth (100 € at 2 €, 250 € at 5 €). */
  burstPlays: 50,
  /** Sustained: 30 plays' worth a minute (60 € a minute at 2 €). */
  playsPerMinute: 30,
  /** Play prices under 2 €, and none (0), count as 2 €: a payment of 100 € is never implausible on its own. */
  minPriceCents: 200,
  /** The device's critical code while it has held batches. */
  code: 'implausible',
} as const;

const earliestEventMs = Date.parse(EARLIEST_EVENT_AT);
const base = {
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  at: z.iso.datetime({ offset: true, abort: true }).refine((v) => Date.parse(v) >= earliestEventMs, { error: 'event_too_early' }),
};
const cents = (max: number) => z.number().int().min(1).max(max);
const count = z.number().int().min(1).max(EVENT_LIMITS.count).default(1);
const command = z.number().int().min(1).max(2_147_483_647);

export const telemetryEvent = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('coin'), valueCents: cents(EVENT_LIMITS.coinCents), count }),
  z.strictObject({ ...base, type: z.literal('note'), valueCents: cents(EVENT_LIMITS.noteCents), count }),
  z.strictObject({ ...base, type: z.literal('token'), count }),
  z.strictObject({ ...base, type: z.literal('cashless'), valueCents: cents(EVENT_LIMITS.paymentCents) }),
  z.strictObject({
    ...base,
    type: z.literal('card'),
    cardUid: z.string().trim().min(1).max(64),
    valueCents: cents(EVENT_LIMITS.paymentCents),
  }),
  z.strictObject({ ...base, type: z.literal('prize_out'), count }),
  z.strictObject({ ...base, type: z.literal('free_ride'), commandId: command.optional() }),
  z.strictObject({ ...base, type: z.literal('reset'), commandId: command.optional(), reason: z.string().max(200).optional() }),
  /** The machine's service switch; `commandId` when it carries out a remote `service_mode_on`/`_off`. */
  z.strictObject({ ...base, type: z.literal('service_mode'), on: z.boolean(), commandId: command.optional() }),
  z.strictObject({ ...base, type: z.literal('alarm'), code: z.string().trim().min(1).max(40), critical: z.boolean() }),
  z.strictObject({ ...base, type: z.literal('alarm_cleared'), code: z.string().trim().min(1).max(40) }),
  z.strictObject({
    ...base,
    type: z.literal('emptying'),
    coinsCents: z.number().int().min(0).max(EVENT_LIMITS.emptyingCents),
    tokens: z.number().int().min(0).max(EVENT_LIMITS.emptyingTokens),
  }),
  z.strictObject({
    ...base,
    type: z.literal('heartbeat'),
    signal: z.number().int().min(-150).max(100).optional(),
    firmware: z.string().max(40).optional(),
  }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;
export type TelemetryEventType = TelemetryEvent['type'];

/** An event's content, whatever the order of its fields: a resent event is the same event. */
const contentOf = (event: TelemetryEvent) => JSON.stringify(Object.entries(event).sort(([a], [b]) => (a < b ? -1 : 1)));

export const telemetryBatch = z
  .strictObject({
    imei: z.string().regex(/^\d{15}$/, { error: 'imei' }),
    events: z.array(telemetryEvent).min(1).max(MAX_BATCH_EVENTS),
  })
  .superRefine(({ events }, ctx) => {
    // The same seq twice is a resend (stored once) only when the content is the same too; otherwise
    // one of them would be dropped in silence, so the batch is refused, naming the seq.
    // The content is compared only where a seq repeats: a batch of distinct seqs costs one lookup each.
    const seen = new Map<number, number>();
    for (const [i, event] of events.entries()) {
      const first = seen.get(event.seq);
      if (first === undefined) seen.set(event.seq, i);
      else if (contentOf(events[first] as TelemetryEvent) !== contentOf(event)) {
        ctx.addIssue({ code: 'custom', path: ['events', i, 'seq'], message: 'seq_conflict', params: { seq: event.seq } });
      }
    }
  });
export type TelemetryBatch = z.infer<typeof telemetryBatch>;

export const commandTypes = ['free_ride', 'reset', 'service_mode_on', 'service_mode_off'] as const;
export type CommandType = (typeof commandTypes)[number];

/**
 * The event with which a logger carries out a command it was sent (docs/rules.md "Remote commands"):
 * a free ride or a reset, or its service switch turned on or off, naming the command.
 */
export function commandEvent(command: { id: number; type: CommandType }) {
  switch (command.type) {
    case 'free_ride':
    case 'reset':
      return { type: command.type, commandId: command.id } as const;
    case 'service_mode_on':
    case 'service_mode_off':
      return { type: 'service_mode', on: command.type === 'service_mode_on', commandId: command.id } as const;
  }
}

export const telemetryAnswer = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** The sequence numbers that were already stored (acknowledged again, not stored twice). */
  duplicateSeqs: z.array(z.number().int()),
  /** Events whose time was more than 5 minutes ahead: stored at the time of receipt. */
  clampedSeqs: z.array(z.number().int()),
  /** The highest sequence number stored for the logger. */
  lastSeq: z.number().int().nullable(),
  /** Commands for the logger, now delivered; the logger confirms each with an event naming it. */
  commands: z.array(z.object({ id: z.number().int(), type: z.enum(commandTypes) })),
});
export type TelemetryAnswer = z.infer<typeof telemetryAnswer>;
