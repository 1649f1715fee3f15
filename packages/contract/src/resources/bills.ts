import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';

/** A machine's payment, a bill written by hand, or the storno that cancels either (domain.md §9). */
export const billKinds = ['device', 'manual', 'storno'] as const;
export type BillKind = (typeof billKinds)[number];
/** How a bill was paid, as CIS names it: `G` cash, `K` card, `O` other. */
export const billPayments = ['G', 'K', 'O'] as const;
export type BillPayment = (typeof billPayments)[number];
/** Fiscalized once CIS answered with a JIR; unfiscalized until then. */
export const billStatuses = ['fiscalized', 'unfiscalized'] as const;
export type BillStatus = (typeof billStatuses)[number];
/** The limit for delivering a bill issued during an outage (fiscalization.md "Failures and late delivery"). */
export const LATE_DELIVERY_LIMIT_HOURS = 48;
/** A bill still without its JIR this long after issue raises the alarm (issue 11). */
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

export const billsResource = defineResource({
  name: 'bills',
  item: billItem,
  collection: billsCollection,
  embeds: ['devices', 'locations'],
});

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
