import { z } from 'zod';
import { zMonth } from './lessor-statement.ts';

/**
 * A company's months, each open or closed (docs/rules.md "Month close"): an accountant closes a past
 * month once nothing of it waits (deposits verified, bills fiscalized, held telemetry decided), in
 * order; from then on its rollups, rent, VAT book and statements do not change, and what comes for it
 * later is counted in the first open month after it as an adjustment naming it. A manager may reopen
 * the last closed month, with a reason. Every close and reopening is in the audit trail.
 */
export const monthStatuses = ['open', 'closed', 'current'] as const;
export type MonthStatus = (typeof monthStatuses)[number];

/** Money that crossed a closed month's edge: its events, gross and VAT. */
const adjustment = z.object({
  /** `yyyy-MM`: the closed month the money belongs to (`adjustments`) or the open month it was counted in (`counted`). */
  month: z.string(),
  events: z.number().int(),
  grossCents: z.number().int(),
  vatCents: z.number().int(),
});

export const monthCloseItem = z.object({
  /** The close's own IRI while the month is closed (reopen it there), else null. */
  '@id': z.string().nullable(),
  '@type': z.literal('MonthClose'),
  company: z.string(),
  /** `yyyy-MM`. */
  month: z.string(),
  status: z.enum(monthStatuses),
  /** What still waits in the month; the month closes when all are 0. */
  unverifiedDeposits: z.number().int(),
  unfiscalizedBills: z.number().int(),
  heldBatches: z.number().int(),
  /** Whether it may be closed now: past, open, nothing waiting, every month before it closed. */
  closable: z.boolean(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** The last reopening, if any: when, by whom and why. */
  reopenedAt: z.string().nullable(),
  reopenedByName: z.string().nullable(),
  reopenReason: z.string().nullable(),
  /** Money of closed months counted in this month, per month it belongs to. */
  adjustments: z.array(adjustment),
  /** This (closed) month's money that came after its close, per month it was counted in. */
  counted: z.array(adjustment),
});
export type MonthClose = z.infer<typeof monthCloseItem>;

export const monthClosesQuery = z.strictObject({
  /** The company (its IRI); needed in the All Companies view, else the user's company. */
  company: z.string().optional(),
  client: z.string().optional(),
});
export type MonthClosesQuery = z.infer<typeof monthClosesQuery>;

export const monthCloses = z.object({
  '@id': z.string(),
  '@type': z.literal('MonthCloses'),
  company: z.string(),
  member: z.array(monthCloseItem),
});
export type MonthCloses = z.infer<typeof monthCloses>;

/** Closing a month: which (`yyyy-MM`) and, in the All Companies view, whose. */
export const monthCloseInput = z.strictObject({ month: zMonth(), company: z.string().optional() });
export type MonthCloseInput = z.infer<typeof monthCloseInput>;

/** Reopening a closed month: why, in words (kept with the close and in the audit trail). */
export const monthReopenInput = z.strictObject({ reason: z.string().trim().min(10).max(500) });
export type MonthReopenInput = z.infer<typeof monthReopenInput>;
