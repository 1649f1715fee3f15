import { z } from 'zod';
import { type CollectionSpec, itemMeta, problemSchema, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';

/**
 * Machine audits (docs/rules.md "Machine audits"): the accounting a vending machine keeps itself and
 * hands out as an EVA-DTS audit file (DEX/UCS text read through its DEX port by a handheld or a
 * telemetry box). An audit is stored whole (its raw text) and parsed; it is matched to a device by the
 * machine's serial (`ID101`) or its control board's (`CB101`), or waits in the audits to assign. Most
 * of its counters are totals since the machine was initialised: what happened between two audits of a
 * device is their difference, with counter resets and machine replacements detected, never negative.
 */

/** How an audit came in: a file uploaded on a screen, the staff API, or a telemetry gateway (logger credentials). */
export const machineAuditSources = ['upload', 'api', 'gateway'] as const;
export type MachineAuditSource = (typeof machineAuditSources)[number];

/** The largest audit file taken (a real one is a few kilobytes; a big machine's with events, tens). */
export const MACHINE_AUDIT_MAX_CHARS = 512 * 1024;
/** The most files one bulk upload takes. */
export const MACHINE_AUDIT_BULK_MAX = 100;

/**
 * The counters the product reads from an audit, in cents (values) and counts, each since the machine's
 * initialisation (the `…101`/`…102` style "init" fields); null where the file has no such field.
 */
export const machineAuditCounters = z.object({
  /** VA101/VA102: paid vends, their value and number. */
  paidSalesCents: z.number().int().nullable(),
  paidVends: z.number().int().nullable(),
  /** VA201/VA202: test vends. */
  testVendsCents: z.number().int().nullable(),
  testVends: z.number().int().nullable(),
  /** VA301/VA302: free vends. */
  freeVendsCents: z.number().int().nullable(),
  freeVends: z.number().int().nullable(),
  /** CA201/CA202: vends paid in cash. */
  cashSalesCents: z.number().int().nullable(),
  cashVends: z.number().int().nullable(),
  /** CA305–CA308: cash in, to the cash box, to the change tubes, notes in. */
  cashInCents: z.number().int().nullable(),
  cashToBoxCents: z.number().int().nullable(),
  cashToTubesCents: z.number().int().nullable(),
  notesInCents: z.number().int().nullable(),
  /** CA403/CA404: change paid out, and coins dispensed by hand from the tubes. */
  dispensedCents: z.number().int().nullable(),
  manuallyDispensedCents: z.number().int().nullable(),
  /** CA702/CA802 style: discounts given and overpay kept. */
  discountsCents: z.number().int().nullable(),
  overpayCents: z.number().int().nullable(),
  /** DA201/DA202: vends paid cashless (cards, phones). */
  cashlessSalesCents: z.number().int().nullable(),
  cashlessVends: z.number().int().nullable(),
  /** TA2: vends paid with tokens, their value and number. */
  tokenSalesCents: z.number().int().nullable(),
  tokenVends: z.number().int().nullable(),
});
export type MachineAuditCounters = z.infer<typeof machineAuditCounters>;

/**
 * What happened between the device's previous audit and this one: each counter's difference (null where
 * either file lacks it). A counter that went down means the machine's counters were reset (`reset`) or
 * the machine was replaced (`replaced`: another serial on the device); such a counter's difference is
 * null, never negative.
 */
export const machineAuditSpan = z.object({
  previous: z.string(),
  previousAuditedAt: z.string(),
  reset: z.boolean(),
  replaced: z.boolean(),
  counters: machineAuditCounters,
});
export type MachineAuditSpan = z.infer<typeof machineAuditSpan>;

/**
 * The audit against what else the product knows of the same span (docs/rules.md "Machine audits",
 * reconciliation): the device's telemetry revenue, and the cash its deposits counted. null figures: no
 * such source for the span.
 */
export const machineAuditReconciliation = z.object({
  telemetryCents: z.number().int().nullable(),
  /** The audit's paid sales minus telemetry's revenue for the span. */
  telemetryDifferenceCents: z.number().int().nullable(),
  countedCents: z.number().int().nullable(),
  /** The audit's cash to the box minus what the deposits counted for the span. */
  countedDifferenceCents: z.number().int().nullable(),
  /** Either difference beyond the deposits' tolerance. */
  beyondTolerance: z.boolean(),
});
export type MachineAuditReconciliation = z.infer<typeof machineAuditReconciliation>;

/** One selection (product column) of the machine, from `PA1`–`PA7`. */
export const machineAuditProduct = z.object({
  /** PA101: the selection's number as the machine names it ("11", "A3"). */
  selection: z.string(),
  /** PA102: its price in cents. */
  priceCents: z.number().int().nullable(),
  /** PA201/PA202: paid vends since initialisation. */
  paidVends: z.number().int().nullable(),
  paidCents: z.number().int().nullable(),
  /** PA3, PA4: test and free vends (counted apart from the sales). */
  testVends: z.number().int().nullable(),
  freeVends: z.number().int().nullable(),
  /** Paid vends since the device's previous audit (null: first audit, or reset). */
  paidVendsSincePrevious: z.number().int().nullable(),
  /** The article the device's planogram puts in this selection. */
  article: z.string().nullable(),
  articleName: z.string().nullable(),
});
export type MachineAuditProduct = z.infer<typeof machineAuditProduct>;

/** One event of the machine (`EA1`–`EA7`), with the maker's code and what it means. */
export const machineAuditEvent = z.object({
  code: z.string(),
  /** The code's meaning in words (English; the web translates the known ones), null when unknown. */
  meaning: z.string().nullable(),
  at: z.string().nullable(),
  count: z.number().int().nullable(),
  active: z.boolean().nullable(),
});
export type MachineAuditEvent = z.infer<typeof machineAuditEvent>;

/** One segment of the file as read: its line, its block id ("VA1", "EA2", "XY9"…) and its fields. */
export const machineAuditBlock = z.object({
  line: z.number().int(),
  segment: z.string(),
  fields: z.array(z.string()),
  /** Whether the product interprets this block; unknown ones are kept, never refused. */
  known: z.boolean(),
});
export type MachineAuditBlock = z.infer<typeof machineAuditBlock>;

export const machineAuditItem = z.object({
  ...itemMeta,
  company: z.string(),
  /** The device it is matched to; null while it waits to be assigned. */
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  fileName: z.string(),
  source: z.enum(machineAuditSources),
  /** ID101, CB101: the machine's and its control board's serial numbers. */
  machineSerial: z.string().nullable(),
  boardSerial: z.string().nullable(),
  /** ID102: the machine's model as the maker names it. */
  machineModel: z.string().nullable(),
  /** When the machine wrote it (its own clock, ID5), else when it came in. */
  auditedAt: z.string(),
  receivedAt: z.string(),
  /** ID4: the currency (ISO 4217 letters) the values are in. */
  currency: z.string().nullable(),
  counters: machineAuditCounters,
  sincePrevious: machineAuditSpan.nullable(),
  reconciliation: machineAuditReconciliation.nullable(),
  products: z.array(machineAuditProduct),
  events: z.array(machineAuditEvent),
  blocks: z.array(machineAuditBlock),
  receivedByName: z.string().nullable(),
});
export type MachineAudit = z.infer<typeof machineAuditItem>;

/**
 * A new audit: the file's name and its whole text (`POST /machine-audits`, and the same through a
 * gateway's logger credentials). `device`: the device it is of, when the person uploading knows it (the
 * device page); without it the serials match it, or it waits to be assigned. 422 naming the line for a
 * file whose checksum (G85) or segment count (SE) is wrong; nothing is written then.
 */
export const machineAuditCreate = z.strictObject({
  company: zIri('companies').optional(),
  device: zIri('devices').optional(),
  fileName: zText(200),
  content: z.string().min(1).max(MACHINE_AUDIT_MAX_CHARS),
});
export type MachineAuditCreate = z.infer<typeof machineAuditCreate>;

/** A gateway's audit (`POST /telemetry/audits`, its logger's credential): the file alone, the device is the logger's. */
export const machineAuditGatewayCreate = machineAuditCreate.omit({ company: true, device: true });
export type MachineAuditGatewayCreate = z.infer<typeof machineAuditGatewayCreate>;

/** Why the reader refused a file, as a 422's `auditError` says it (`line`: the file's 1-based line). */
export const machineAuditErrors = ['not_an_audit', 'checksum_mismatch', 'segment_count_mismatch', 'malformed_segment'] as const;
export const machineAuditProblem = problemSchema.extend({
  line: z.number().int().optional(),
  auditError: z.enum(machineAuditErrors).optional(),
});

/** Assign an audit to a device (or take it back to the ones to assign). */
export const machineAuditPatch = z.strictObject({ device: zIri('devices').nullable() });
export type MachineAuditPatch = z.infer<typeof machineAuditPatch>;

export const machineAuditsCollection: CollectionSpec = {
  filters: { device: 'exact', company: 'exact', assigned: 'boolean', machineSerial: 'partial', fileName: 'partial' },
  order: ['id', 'auditedAt', 'receivedAt'],
  defaultOrder: { auditedAt: 'desc', id: 'desc' },
};

export const machineAuditsResource = defineResource({
  name: 'machine-audits',
  item: machineAuditItem,
  create: machineAuditCreate,
  patch: machineAuditPatch,
  collection: machineAuditsCollection,
  // Its spans read telemetry and the deposits (reconciliation): their writes make its answers stale.
  embeds: ['devices', 'articles', 'users', 'companies', 'telemetry', 'deposits'],
  invalidates: ['devices', 'alarms', 'movements'],
});
