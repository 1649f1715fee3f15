import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zNote } from '../validation.ts';

/**
 * A logger's batch held as implausible for its device (docs/rules.md "Plausibility"): acknowledged to
 * the logger, counted nowhere, until a manager releases it (its events are counted then, as a late
 * batch) or discards it (they never are). Listed and read like any resource; decided through
 * `POST /telemetry-holds/{id}/release` and `/discard`, once.
 */
export const holdRules = ['payment', 'rate'] as const;
export type HoldRule = (typeof holdRules)[number];
export const holdStatuses = ['held', 'released', 'discarded'] as const;
export type HoldStatus = (typeof holdStatuses)[number];

export const telemetryHoldItem = z.object({
  ...itemMeta,
  company: z.string(),
  device: z.string(),
  deviceName: z.string(),
  logger: z.string(),
  loggerImei: z.string(),
  /** When the batch came (what it is counted as, released: a late batch of that time). */
  receivedAt: z.string(),
  /** `payment`: one payment past the burst; `rate`: a stretch of payments past the burst plus the rate. */
  rule: z.enum(holdRules),
  /** The logger's sequence number of the payment at which the rule was broken. */
  seq: z.number().int(),
  /** The money of the stretch that broke the rule (the payment alone for `payment`), and what it may hold. */
  valueCents: z.number().int(),
  limitCents: z.number().int(),
  /** The batch's new events, and the money of its payments. */
  events: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(holdStatuses),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** Why, in the words of who decided (optional). */
  decisionNote: z.string().nullable(),
});
export type TelemetryHold = z.infer<typeof telemetryHoldItem>;

/** The body of a release or a discard: an optional note of why, kept with the decision. */
export const telemetryHoldDecision = z.strictObject({ note: zNote(500).optional() });
export type TelemetryHoldDecision = z.infer<typeof telemetryHoldDecision>;

export const telemetryHoldsCollection: CollectionSpec = {
  filters: { device: 'exact', status: 'exact', rule: 'exact', receivedAt: 'range', company: 'exact' },
  order: ['id', 'receivedAt', 'amountCents'],
  defaultOrder: { receivedAt: 'desc' },
};

export const telemetryHoldsResource = defineResource({
  name: 'telemetry-holds',
  item: telemetryHoldItem,
  collection: telemetryHoldsCollection,
  // A batch held comes with the telemetry (its bump).
  embeds: ['devices', 'loggers', 'users', 'telemetry'],
  // A release counts the batch as the batch route would have: what telemetry reaches (devices, their
  // history, transactions, bills), emptyings' deposits, confirmed commands, and card debits.
  invalidates: ['telemetry', 'commands', 'deposits', 'loyalty-cards', 'card-transactions'],
});
