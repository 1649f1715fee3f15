import { z } from 'zod';
import { type CollectionSpec, itemMeta, problemSchema, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zDate, zInstant, zNote } from '../validation.ts';
import { depositPatch, depositStatuses } from './deposits.ts';

/**
 * Visits (docs/rules.md "Visits"): a **visit** is one worker's collection round on one day — the devices
 * whose cash boxes to empty, in route order, each with the cash expected in it. A manager plans one from
 * the day's proposal (`GET /visits/proposal`: the devices due, grouped by location, ordered from the
 * company's depot) and assigns it to a worker; the worker sees their own (`/visits/today`) and marks
 * each stop done, which records the device's emptying and opens its deposit for what they count.
 */

/** Why a device is on the day's proposal (one or more). */
export const visitReasons = ['fill', 'full_soon', 'alarm'] as const;
export type VisitReason = (typeof visitReasons)[number];

/** A company's rule of which boxes are due, by default (docs/rules.md "Visits"). */
export const VISIT_FILL_PERCENT = 80;
export const VISIT_FULL_WITHIN_DAYS = 2;
export const VISIT_MAX_STOPS = 200;

export const visitStopStatuses = ['to_do', 'done', 'skipped'] as const;
export type VisitStopStatus = (typeof visitStopStatuses)[number];

/** A place on the map (WGS 84). */
export const geoPoint = z.object({ lat: z.number(), lng: z.number() });
export type GeoPoint = z.infer<typeof geoPoint>;

/** One device of a visit (or of the day's proposal), where the route takes the worker. */
export const visitStop = z.object({
  /** The stop's id within its visit (null on a proposal, which stores nothing). */
  id: z.number().int().nullable(),
  /** 1, 2, 3 … in route order; stops at one location follow one another. */
  position: z.number().int(),
  device: z.string(),
  deviceName: z.string(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  address: z.string().nullable(),
  /** The location's coordinates; null when it has none (such a stop goes last, unordered). */
  point: geoPoint.nullable(),
  reasons: z.array(z.enum(visitReasons)),
  /** Cash expected in the box when planned (docs/rules.md "Cash box outlook"). */
  expectedCents: z.number().int(),
  /** Percent of the box's capacity when planned; null without a capacity. */
  fillPercent: z.number().int().nullable(),
  /** The day the box is forecast full; null without a capacity or intake. */
  fullOn: z.string().nullable(),
  status: z.enum(visitStopStatuses),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  /** The deposit the stop's emptying opened: the worker counts into it. */
  deposit: z.string().nullable(),
  /** That deposit's status, and what was counted into it (null: no deposit, or not counted yet). */
  depositStatus: z.enum(depositStatuses).nullable(),
  depositCoinsCents: z.number().int().nullable(),
  depositTokens: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type VisitStop = z.infer<typeof visitStop>;

export const visitItem = z.object({
  ...itemMeta,
  company: z.string(),
  /** The Zagreb day of the round. */
  day: z.string(),
  /** The worker who drives it; null while unassigned. */
  worker: z.string().nullable(),
  workerName: z.string().nullable(),
  /** Where the route starts: the company's depot when it has one. */
  start: geoPoint.nullable(),
  stops: z.array(visitStop),
  /** Straight-line metres of the route from the start through every stop with a point. */
  distanceMetres: z.number().int(),
  expectedCents: z.number().int(),
  stopsDone: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Visit = z.infer<typeof visitItem>;

/** The day's proposal: every device due by the company's rule, in route order, nothing stored. */
export const visitProposal = z.object({
  day: z.string(),
  company: z.string(),
  start: geoPoint.nullable(),
  fillPercent: z.number().int(),
  fullWithinDays: z.number().int(),
  stops: z.array(visitStop),
  distanceMetres: z.number().int(),
  expectedCents: z.number().int(),
});
export type VisitProposal = z.infer<typeof visitProposal>;
export const visitProposalQuery = z.strictObject({
  day: zDate().optional(),
  company: zIri('companies').optional(),
  /** The web client's marker on every GET (docs/api.md "Basics"). */
  client: z.string().optional(),
});

/** A new visit: the devices chosen from the proposal (or any of the company's), ordered by the server. */
export const visitCreate = z.strictObject({
  company: zIri('companies').optional(),
  day: zDate(),
  worker: zIri('users').nullable(),
  devices: z.array(zIri('devices')).min(1).max(VISIT_MAX_STOPS),
});
export type VisitCreate = z.infer<typeof visitCreate>;
/** Reassign a visit (its stops stay). */
export const visitPatch = z.strictObject({ worker: zIri('users').nullable().optional() });
export type VisitPatch = z.infer<typeof visitPatch>;

/**
 * A stop done (`POST /visits/{id}/stops/{stop}/done`), sent with an `Idempotency-Key` header: the same
 * key answers the same again and never records a second emptying; `skipped` records none. `count`: what
 * the worker counted, reported into the deposit the emptying opened in the same step, exactly as its
 * `PATCH /deposits/{id}` would (so a phone offline queues "emptied and counted" as one action); not
 * with `skipped` (422).
 */
export const visitStopDone = z.strictObject({
  skipped: z.boolean().optional(),
  /**
   * When the worker emptied it, if not now: a phone that was offline sends the moment of the tap, so the
   * emptying closes the box's period then, not when the connection came back. Not in the future, not
   * before the visit's day.
   */
  at: zInstant().optional(),
  note: zNote(1000).optional(),
  count: z
    .strictObject({
      depositCoinsCents: depositPatch.shape.depositCoinsCents,
      depositTokens: depositPatch.shape.depositTokens,
      note: depositPatch.shape.note,
    })
    .optional(),
});
export type VisitStopDone = z.infer<typeof visitStopDone>;

/**
 * The 409 `stop_done` (someone else did the stop): besides its text, who did it, when, and the deposit
 * its emptying opened (to go and count into), as extension members. Other 409s of the route carry none.
 */
export const stopDoneProblem = problemSchema.extend({
  deposit: z.string().nullable().optional(),
  doneByName: z.string().nullable().optional(),
  doneAt: z.string().nullable().optional(),
  stopStatus: z.enum(visitStopStatuses).optional(),
});
export type StopDoneProblem = z.infer<typeof stopDoneProblem>;

export const visitsCollection: CollectionSpec = {
  filters: { day: 'exact', worker: 'exact', company: 'exact' },
  order: ['id', 'day'],
  defaultOrder: { day: 'desc', id: 'asc' },
};

export const visitsResource = defineResource({
  name: 'visits',
  item: visitItem,
  create: visitCreate,
  patch: visitPatch,
  collection: visitsCollection,
  embeds: ['devices', 'locations', 'users', 'deposits', 'telemetry', 'companies'],
  invalidates: ['deposits', 'devices', 'telemetry'],
});
