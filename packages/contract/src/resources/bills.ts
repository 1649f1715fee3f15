import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { MAX_CENTS, zDate, zText } from '../validation.ts';

/** A machine's payment, a bill written by hand, or the storno that cancels either (docs/rules.md "Bills and fiscalization"). */
export const billKinds = ['device', 'manual', 'storno'] as const;
export type BillKind = (typeof billKinds)[number];
/** How a bill was paid, as CIS names it: `G` cash, `K` card, `O` other. */
export const billPayments = ['G', 'K', 'O'] as const;
export type BillPayment = (typeof billPayments)[number];
/** Fiscalized once CIS answered with a JIR; unfiscalized until then. */
export const billStatuses = ['fiscalized', 'unfiscalized'] as const;
export type BillStatus = (typeof billStatuses)[number];
/** The limit for delivering a bill issued during an outage (docs/rules.md "Bills and fiscalization", alarm). */
export const LATE_DELIVERY_LIMIT_HOURS = 48;
/** A bill still without its JIR this long after issue raises the alarm (docs/rules.md "Bills and fiscalization", alarm). */
export const UNFISCALIZED_ALARM_HOURS = 24;

/** A bill as the lists and its page show it. */
export const billItem = z.object({
  ...itemMeta,
  company: z.string(),
  kind: z.enum(billKinds),
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  /** `N/PREMISES/ISU`, as printed on the bill. */
  number: z.string(),
  /** `N` alone: from 1 per premises, device and year. */
  sequence: z.number().int(),
  premises: z.string(),
  isu: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  inVatSystem: z.boolean(),
  vatRate: z.number().nullable(),
  vatBaseCents: z.number().int().nullable(),
  vatCents: z.number().int().nullable(),
  payment: z.enum(billPayments),
  oib: z.string(),
  /** `OibOper`: who issued it — the person for a bill by hand or a point of sale's, the company's own for a machine's. */
  operatorOib: z.string(),
  zki: z.string(),
  jir: z.string().nullable(),
  fiscalizedAt: z.string().nullable(),
  status: z.enum(billStatuses),
  /** Sends to CIS so far, and the last failure's code (`s004`, `network`…). */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The latest a late delivery is in time: issue + 48 hours. */
  deliverBy: z.string(),
  /** The bill this storno cancels, and the storno that cancelled this bill. */
  stornoOf: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type Bill = z.infer<typeof billItem>;

export const billsCollection: CollectionSpec = {
  filters: {
    company: 'exact',
    device: 'exact',
    location: 'exact',
    premises: 'exact',
    status: 'exact',
    kind: 'exact',
    payment: 'exact',
    issuedAt: 'range',
    totalCents: 'range',
    number: 'exact',
    jir: 'exact',
    zki: 'exact',
  },
  order: ['id', 'issuedAt', 'totalCents'],
  defaultOrder: { issuedAt: 'desc' },
  keyset: 'issuedAt',
};

/** `OznPosPr`: the business premises label (docs/rules.md "Talking to CIS"). */
export const PREMISES_PATTERN = /^[0-9a-zA-Z]{1,20}$/;
/** `OznNapUr`: the device's (ISU) number, 1 to 20 digits without a leading zero (as `zIsuNumber`). */
export const ISU_PATTERN = /^[1-9]\d{0,19}$/;
/**
 * A bill's number as printed, `N/PREMISES/ISU` (`12/PP01/3`), or its sequence `N` alone: N of 1 to 9
 * digits (a year's sequence stays far below), the premises as `PREMISES_PATTERN`, the ISU as
 * `ISU_PATTERN`. Groups: N, premises, ISU.
 */
export const BILL_NUMBER_PATTERN = /^([1-9]\d{0,8})(?:\/([0-9a-zA-Z]{1,20})\/([1-9]\d{0,19}))?$/;
/** The VAT rates a manual bill may carry (Croatia: 25 % standard, 13 % and 5 % reduced). */
export const billVatRates = [25, 13, 5] as const;

/**
 * A bill written by hand (`/bills/new`) for a sale outside the machines: numbered in its own
 * premises and device (ISU) sequence like a machine's, VAT at the company's status (25 % unless
 * chosen), fiscalized in the background like every bill.
 */
export const billCreate = z.strictObject({
  company: zIri('companies').optional(),
  location: zIri('locations').nullable().optional(),
  premises: z.string().trim().regex(PREMISES_PATTERN, { error: 'premises_label' }),
  isu: z.string().trim().regex(ISU_PATTERN, { error: 'isu_number' }),
  totalCents: z.number().int().min(1).max(MAX_CENTS),
  payment: z.enum(billPayments),
  vatRate: z.union(billVatRates.map((r) => z.literal(r))).optional(),
  note: zText(500).nullable().optional(),
});
export type BillCreate = z.infer<typeof billCreate>;

export const billsResource = defineResource({
  name: 'bills',
  item: billItem,
  create: billCreate,
  collection: billsCollection,
  // Ingestion issues bills with the payments (a telemetry write), the sender fiscalizes them.
  embeds: ['devices', 'locations', 'telemetry'],
});

/** Cancels a bill (`POST /bills/{id}/storno`): a new bill of the negative amount, with its own number. */
export const billStorno = z.strictObject({ note: zText(500).nullable().optional() });
export type BillStorno = z.infer<typeof billStorno>;

/** "Send again" (`POST /bills/send`): the chosen unfiscalized bills, or all of them when none are named. */
export const billSend = z.strictObject({ bills: z.array(zIri('bills')).min(1).max(1000).optional() });
export type BillSend = z.infer<typeof billSend>;
export const billSendAnswer = z.object({ queued: z.number().int() });

/**
 * The transactions-vs-bills comparison (`/transactions-bills/comparison`, docs/rules.md "Bills and fiscalization"): per device
 * and Zagreb day, the money payments that need a bill against the bills issued and fiscalized.
 */
export const billComparisonQuery = z.strictObject({
  /** An IRI or id; a company of the caller's view. */
  company: z.string().optional(),
  device: z.string().optional(),
  from: zDate(),
  to: zDate(),
  /** Only the days where the three do not agree. */
  mismatches: z.enum(['true', 'false']).optional(),
  client: z.string().optional(),
});
export type BillComparisonQuery = z.infer<typeof billComparisonQuery>;
/** The longest period one comparison covers: it matches every payment with its bill. */
export const BILL_COMPARISON_MAX_DAYS = 31;

export const billComparisonRow = z.object({
  device: z.string(),
  deviceName: z.string(),
  locationName: z.string().nullable(),
  /** Zagreb calendar day. */
  day: z.string(),
  /** Money payments (coins, notes, cashless) outside service mode on a device whose fiscalization is on. */
  payments: z.number().int(),
  paymentsCents: z.number().int(),
  bills: z.number().int(),
  billsCents: z.number().int(),
  fiscalized: z.number().int(),
  fiscalizedCents: z.number().int(),
  /** Payments without a bill, bills without a JIR. */
  unbilled: z.number().int(),
  unfiscalized: z.number().int(),
});
export type BillComparisonRow = z.infer<typeof billComparisonRow>;
export const billComparisonAnswer = z.object({
  rows: z.array(billComparisonRow),
  totals: billComparisonRow.pick({
    payments: true,
    paymentsCents: true,
    bills: true,
    billsCents: true,
    fiscalized: true,
    fiscalizedCents: true,
    unbilled: true,
    unfiscalized: true,
  }),
});
export type BillComparison = z.infer<typeof billComparisonAnswer>;

/** What a send to CIS came to. */
export const billAttemptOutcomes = ['jir', 'error', 'fault', 'timeout', 'network', 'invalid'] as const;
export type BillAttemptOutcome = (typeof billAttemptOutcomes)[number];

/** One send of a bill to CIS, with what went and what came back (`bills/request`). */
export const billAttemptItem = z.object({
  ...itemMeta,
  company: z.string(),
  bill: z.string(),
  billNumber: z.string(),
  at: z.string(),
  messageId: z.string(),
  /** A late delivery (`NakDost`): any send after the first. */
  late: z.boolean(),
  environment: z.enum(['simulated', 'test', 'production']),
  requestXml: z.string(),
  answerXml: z.string().nullable(),
  /** Null while the send is under way, or when it was cut off (the next send is late). */
  outcome: z.enum(billAttemptOutcomes).nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type BillAttempt = z.infer<typeof billAttemptItem>;

export const billAttemptsCollection: CollectionSpec = {
  filters: { company: 'exact', bill: 'exact', errorCode: 'exact', outcome: 'exact', late: 'boolean', at: 'range' },
  order: ['id', 'at'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const billAttemptsResource = defineResource({
  name: 'bill-attempts',
  item: billAttemptItem,
  collection: billAttemptsCollection,
  embeds: ['bills'],
});
