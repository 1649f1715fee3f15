import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zCents, zPercent, zText, zTime } from '../validation.ts';
import { optional, rentalTypes, withoutCompany } from './shared.ts';
import { tagLabel } from './tags.ts';

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** Opening hours of one day; an end before the start closes after midnight. */
export const openingHours = z
  .strictObject({ start: zTime(), end: zTime() })
  .refine((h) => h.start !== h.end, { error: 'same_start_end', path: ['end'] });
export type OpeningHours = z.infer<typeof openingHours>;

/** Opening hours per weekday; null is closed that day. */
export const workingHours = z.strictObject({
  mon: openingHours.nullable(),
  tue: openingHours.nullable(),
  wed: openingHours.nullable(),
  thu: openingHours.nullable(),
  fri: openingHours.nullable(),
  sat: openingHours.nullable(),
  sun: openingHours.nullable(),
});
export type WorkingHours = z.infer<typeof workingHours>;

/** Fiscal payment methods (CIS `NacinPlac`: G cash, K card, T transfer, O other). */
export const paymentMethods = ['cash', 'card', 'transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A rental term as it applies: the location's own value, else its lessor's (docs/rules.md "Master data"). */
const applied = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), from: z.enum(['location', 'lessor']).nullable() });

export const rentalTermsApplied = z.object({
  rentalType: applied(z.enum(rentalTypes)),
  contractRentalAmountCents: applied(z.number().int()),
  incomeLimitCents: applied(z.number().int()),
  rentalPercentage: applied(z.number()),
});
export type RentalTermsApplied = z.infer<typeof rentalTermsApplied>;

export const locationItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  city: z.string(),
  cityName: z.string(),
  active: z.boolean(),
  lessor: z.string().nullable(),
  lessorName: z.string().nullable(),
  description: z.string().nullable(),
  street: z.string().nullable(),
  address: z.string().nullable(),
  workingHours,
  responsibleWorker: z.string().nullable(),
  responsibleWorkerName: z.string().nullable(),
  rentalType: z.enum(rentalTypes).nullable(),
  contractRentalAmountCents: z.number().int().nullable(),
  incomeLimitCents: z.number().int().nullable(),
  rentalPercentage: z.number().nullable(),
  rentalTerms: rentalTermsApplied,
  fiscalization: z.boolean(),
  paymentMethod: z.enum(paymentMethods),
  premisesLabel: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tags: z.array(z.string()),
  tagLabels: z.array(tagLabel),
  devicesCount: z.number().int(),
  createdAt: z.string(),
});
export type Location = z.infer<typeof locationItem>;

/** Business premises label (`OznPosPr`): letters and digits, as registered with the Tax Administration. */
export const zPremisesLabel = () =>
  z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, { error: 'format' });

const fields = {
  company: zIri('companies'),
  name: zText(200),
  city: zIri('cities'),
  active: z.boolean(),
  lessor: zIri('lessors').nullable(),
  description: z.string().trim().max(2000).nullable(),
  street: z.string().trim().max(200).nullable(),
  address: z.string().trim().max(300).nullable(),
  workingHours,
  responsibleWorker: zIri('users').nullable(),
  rentalType: z.enum(rentalTypes).nullable(),
  contractRentalAmountCents: zCents().nullable(),
  incomeLimitCents: zCents().nullable(),
  rentalPercentage: zPercent().nullable(),
  fiscalization: z.boolean(),
  paymentMethod: z.enum(paymentMethods),
  premisesLabel: zPremisesLabel().nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  tags: z.array(zIri('tags')).max(50),
};

export const locationCreate = z.strictObject({ ...optional(fields), name: fields.name, city: fields.city });
export type LocationCreate = z.infer<typeof locationCreate>;
export const locationPatch = z.strictObject(optional(withoutCompany(fields)));
export type LocationPatch = z.infer<typeof locationPatch>;

export const locationsCollection: CollectionSpec = {
  filters: {
    name: 'partial',
    city: 'exact',
    lessor: 'exact',
    active: 'boolean',
    tags: 'exact',
    responsibleWorker: 'exact',
    company: 'exact',
  },
  order: ['id', 'name', 'active', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const locationsResource = defineResource({
  name: 'locations',
  item: locationItem,
  create: locationCreate,
  patch: locationPatch,
  collection: locationsCollection,
  embeds: ['cities', 'lessors', 'users', 'devices'],
});
