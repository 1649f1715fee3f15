import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zEmail, zOib, zPercent, zPhone, zText } from '../validation.ts';
import { optional, withoutCompany } from './shared.ts';

/**
 * Who runs a loyalty programme (docs/rules.md "Loyalty: cards, spends, top-ups"): the company itself (`isOperator`) or a partner. A
 * partner keeps `commissionPercentage` of its cards' spends on the operator's machines at the monthly
 * settlement (stored in hundredths of a percent, like the lessors' rental percentage).
 */
export const loyaltyOwnerItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  oib: z.string(),
  isOperator: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  commissionPercentage: z.number(),
  /** Whether the card holders' app has a credential, and since when (the secret itself is never shown again). */
  hasAppKey: z.boolean(),
  appKeyIssuedAt: z.string().nullable(),
  holdersCount: z.number().int(),
  cardsCount: z.number().int(),
  createdAt: z.string(),
});
export type LoyaltyOwner = z.infer<typeof loyaltyOwnerItem>;

const fields = {
  company: zIri('companies'),
  name: zText(200),
  oib: zOib(),
  isOperator: z.boolean(),
  email: zEmail().nullable(),
  phone: zPhone().nullable(),
  address: zText(300).nullable(),
  commissionPercentage: zPercent(),
};

/** `isOperator` defaults to false (a partner), `commissionPercentage` to 0. */
export const loyaltyOwnerCreate = z.strictObject({ ...optional(fields), name: fields.name, oib: fields.oib });
export type LoyaltyOwnerCreate = z.infer<typeof loyaltyOwnerCreate>;
export const loyaltyOwnerPatch = z.strictObject(optional(withoutCompany(fields)));
export type LoyaltyOwnerPatch = z.infer<typeof loyaltyOwnerPatch>;

/**
 * A newly issued credential of the card holders' app, shown once (`POST /loyalty-owners/{id}/app-key`);
 * only its SHA-256 is kept, as for the loggers (decision 0006). Issuing another stops the old one.
 */
export const loyaltyOwnerAppKey = z.object({ owner: z.string(), name: z.string(), appKey: z.string(), appKeyIssuedAt: z.string() });
export type LoyaltyOwnerAppKey = z.infer<typeof loyaltyOwnerAppKey>;

export const loyaltyOwnersCollection: CollectionSpec = {
  filters: { name: 'partial', oib: 'exact', isOperator: 'boolean', company: 'exact' },
  order: ['id', 'name', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const loyaltyOwnersResource = defineResource({
  name: 'loyalty-owners',
  item: loyaltyOwnerItem,
  create: loyaltyOwnerCreate,
  patch: loyaltyOwnerPatch,
  collection: loyaltyOwnersCollection,
  // Its answers count the holders and cards.
  embeds: ['card-holders', 'loyalty-cards'],
});
