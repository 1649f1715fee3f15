import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { endNotBeforeStart, zCents, zDate, zOib, zPercent, zText } from '../validation.ts';
import { optional, rentalTypes, withoutCompany } from './shared.ts';

/** Where a lessor's contract stands today: ending = ends within 30 days (docs/rules.md "Master data", lessors). */
export const contractStates = ['none', 'future', 'active', 'ending', 'ended'] as const;
export type ContractState = (typeof contractStates)[number];
export const CONTRACT_ENDING_DAYS = 30;

export const lessorItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  oib: z.string(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  rentalType: z.enum(rentalTypes),
  /** A security deposit the operator has lodged with the lessor. */
  paymentInsuranceCents: z.number().int().nullable(),
  rentalPercentage: z.number().nullable(),
  incomeLimitCents: z.number().int().nullable(),
  contractRentalAmountCents: z.number().int().nullable(),
  contractState: z.enum(contractStates),
  locationsCount: z.number().int(),
  createdAt: z.string(),
});
export type Lessor = z.infer<typeof lessorItem>;

const fields = {
  company: zIri('companies'),
  name: zText(200),
  oib: zOib(),
  contractStart: zDate().nullable(),
  contractEnd: zDate().nullable(),
  rentalType: z.enum(rentalTypes),
  paymentInsuranceCents: zCents().nullable(),
  rentalPercentage: zPercent().nullable(),
  incomeLimitCents: zCents().nullable(),
  contractRentalAmountCents: zCents().nullable(),
};

const contractDates = (v: { contractStart?: string | null; contractEnd?: string | null }) =>
  endNotBeforeStart({ start: v.contractStart, end: v.contractEnd });

export const lessorCreate = z
  .strictObject({ ...optional(fields), name: fields.name, oib: fields.oib, rentalType: fields.rentalType })
  .refine(contractDates, { error: 'end_before_start', path: ['contractEnd'] });
export type LessorCreate = z.infer<typeof lessorCreate>;

/** The server checks the dates again against the stored ones. */
export const lessorPatch = z
  .strictObject(optional(withoutCompany(fields)))
  .refine(contractDates, { error: 'end_before_start', path: ['contractEnd'] });
export type LessorPatch = z.infer<typeof lessorPatch>;

export const lessorsCollection: CollectionSpec = {
  filters: { name: 'partial', oib: 'exact', rentalType: 'exact', contractEnd: 'range', company: 'exact' },
  order: ['id', 'name', 'contractStart', 'contractEnd', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const lessorsResource = defineResource({
  name: 'lessors',
  item: lessorItem,
  create: lessorCreate,
  patch: lessorPatch,
  collection: lessorsCollection,
  embeds: ['locations'],
});
