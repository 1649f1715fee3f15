import { z } from 'zod';
import { type CollectionSpec, itemMeta, problemSchema, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zCents } from '../validation.ts';

/**
 * Deposits (docs/rules.md "Telemetry, devices in operation, deposits"): opened at each emptying with what
 * telemetry counted ("reported"); a worker enters what was counted and handed in ("deposit"); a manager or
 * accountant verifies it. Coins and tokens are kept apart; difference = deposit − reported.
 */
export const depositStatuses = ['awaiting_count', 'pending_verification', 'verified'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** The figures of a deposit that its difference is judged by. */
export interface DepositFigures {
  reportedCoinsCents: number;
  reportedTokens: number;
  depositCoinsCents: number | null;
  depositTokens: number | null;
}

/**
 * Whether a counted deposit is further from what was reported than the company tolerates: coins and
 * tokens (at the device's token value) together, each difference taken whole (docs/rules.md "Telemetry, devices in operation, deposits").
 */
export function outsideTolerance(d: DepositFigures, tokenValueCents: number, toleranceCents: number): boolean {
  if (d.depositCoinsCents === null || d.depositTokens === null) return false;
  const off = Math.abs(d.depositCoinsCents - d.reportedCoinsCents) + Math.abs(d.depositTokens - d.reportedTokens) * tokenValueCents;
  return off > toleranceCents;
}

export const depositItem = z.object({
  ...itemMeta,
  company: z.string(),
  device: z.string(),
  deviceName: z.string(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  /** The emptying the deposit is for. */
  at: z.string(),
  reportedCoinsCents: z.number().int(),
  reportedTokens: z.number().int(),
  depositCoinsCents: z.number().int().nullable(),
  depositTokens: z.number().int().nullable(),
  differenceCoinsCents: z.number().int().nullable(),
  differenceTokens: z.number().int().nullable(),
  /** The difference is larger than the company's tolerance: verifying it needs a verification note. */
  outsideTolerance: z.boolean(),
  /** The worker's note, written with the count; verifying leaves it as reported. */
  note: z.string().nullable(),
  /** The verifier's note, written only by verifying (`notes` of the verification). */
  verificationNote: z.string().nullable(),
  status: z.enum(depositStatuses),
  reportedByName: z.string().nullable(),
  reportedAt: z.string().nullable(),
  verifiedByName: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositItem>;

/**
 * What a worker counted (the screen confirms "Report created successfully."), with the worker's note. The
 * verification note is no field of it: only verifying writes that one.
 */
export const depositPatch = z.strictObject({
  depositCoinsCents: zCents(),
  depositTokens: z.number().int().min(0).max(10_000_000),
  note: z.string().trim().max(1000).nullable().optional(),
});
export type DepositPatch = z.infer<typeof depositPatch>;

/**
 * A deposit's entity tag (the `ETag` of its GET and its count's answer; `If-Match` of a count, docs/api.md
 * "If-Match"): the instants of its last count and its verification, in milliseconds, `0` for none —
 * `"1765000000000.0"`. What a count or a verification changes changes it; a client that holds the item
 * (from a list, too) makes the same tag from it.
 */
export function depositETag(d: Pick<Deposit, 'reportedAt' | 'verifiedAt'>): string {
  const ms = (at: string | null) => (at === null ? 0 : Date.parse(at));
  return `"${ms(d.reportedAt)}.${ms(d.verifiedAt)}"`;
}

/**
 * The 412 `deposit_changed` of a count sent with a stale `If-Match`: besides its text (who counted it,
 * when, what), the deposit as it is now, as extension members.
 */
export const depositChangedProblem = problemSchema.extend({
  deposit: z.string().optional(),
  etag: z.string().optional(),
  depositStatus: z.enum(depositStatuses).optional(),
  depositCoinsCents: z.number().int().nullable().optional(),
  depositTokens: z.number().int().nullable().optional(),
  note: z.string().nullable().optional(),
  reportedByName: z.string().nullable().optional(),
  reportedAt: z.string().nullable().optional(),
  verifiedByName: z.string().nullable().optional(),
  verifiedAt: z.string().nullable().optional(),
});
export type DepositChangedProblem = z.infer<typeof depositChangedProblem>;

/** Verify one or many at once ("Are you sure you want to verify" + count); all or none. */
export const depositVerification = z.strictObject({
  deposits: z.array(zIri('deposits')).min(1).max(200),
  /**
   * Verification notes, by deposit IRI: each is stored as its deposit's `verificationNote` (the
   * worker's `note` stays as reported). Every deposit outside the tolerance needs one.
   */
  notes: z.record(z.string(), z.string().trim().min(1).max(1000)).optional(),
});
export type DepositVerification = z.infer<typeof depositVerification>;
export const depositVerificationAnswer = z.object({ verified: z.number().int() });

export const depositsCollection: CollectionSpec = {
  filters: { device: 'exact', location: 'exact', status: 'exact', at: 'range', company: 'exact' },
  order: ['id', 'at'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const depositsResource = defineResource({
  name: 'deposits',
  item: depositItem,
  // The count is reported by its own route (deposits.routes.ts), not the standard update.
  patch: depositPatch,
  collection: depositsCollection,
  embeds: ['telemetry', 'devices', 'locations', 'users', 'companies'],
});
