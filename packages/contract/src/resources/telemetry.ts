import { z } from 'zod';

/**
 * The telemetry wire format (domain.md §5), published for logger makers: it stays stable. A batch is
 * refused whole when any event is malformed; the problem's violations name the event
 * (`events.12.valueCents`).
 */
export const MAX_BATCH_EVENTS = 1000;
/** Timestamps further ahead than this are replaced by the time of receipt and flagged. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

const base = {
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  at: z.iso.datetime({ offset: true }),
};
const cents = z.number().int().min(0).max(10_000_000);
const count = z.number().int().min(1).max(100_000).default(1);
const command = z.number().int().min(1).max(2_147_483_647);

export const telemetryEvent = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('coin'), valueCents: cents, count }),
  z.strictObject({ ...base, type: z.literal('note'), valueCents: cents, count }),
  z.strictObject({ ...base, type: z.literal('token'), count }),
  z.strictObject({ ...base, type: z.literal('cashless'), valueCents: cents }),
  z.strictObject({ ...base, type: z.literal('card'), cardUid: z.string().trim().min(1).max(64), valueCents: cents }),
  z.strictObject({ ...base, type: z.literal('prize_out'), count }),
  z.strictObject({ ...base, type: z.literal('free_ride'), commandId: command.optional() }),
  z.strictObject({ ...base, type: z.literal('reset'), commandId: command.optional(), reason: z.string().max(200).optional() }),
  z.strictObject({ ...base, type: z.literal('service_mode'), on: z.boolean() }),
  z.strictObject({ ...base, type: z.literal('alarm'), code: z.string().trim().min(1).max(40), critical: z.boolean() }),
  z.strictObject({ ...base, type: z.literal('alarm_cleared'), code: z.string().trim().min(1).max(40) }),
  z.strictObject({ ...base, type: z.literal('emptying'), coinsCents: cents, tokens: z.number().int().min(0).max(10_000_000) }),
  z.strictObject({
    ...base,
    type: z.literal('heartbeat'),
    signal: z.number().int().min(-150).max(100).optional(),
    firmware: z.string().max(40).optional(),
  }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;
export type TelemetryEventType = TelemetryEvent['type'];

export const telemetryBatch = z.strictObject({
  imei: z.string().regex(/^\d{15}$/, { error: 'imei' }),
  events: z.array(telemetryEvent).min(1).max(MAX_BATCH_EVENTS),
});
export type TelemetryBatch = z.infer<typeof telemetryBatch>;

export const commandTypes = ['free_ride', 'reset'] as const;
export type CommandType = (typeof commandTypes)[number];

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
