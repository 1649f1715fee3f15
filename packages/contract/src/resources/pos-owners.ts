import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zEmail, zOib, zPhone, zText } from '../validation.ts';
import { optional, withoutCompany } from './shared.ts';

/**
 * A company that sells loyalty credit at its points of sale (docs/rules.md
 * "Loyalty: cards, spends, top-ups"): a partner's shops or the operator's own desk.
 */
export const posOwnerItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  oib: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Its points of sale (`pos-locations`). */
  locationsCount: z.number().int(),
  createdAt: z.string(),
});
export type PosOwner = z.infer<typeof posOwnerItem>;

const fields = {
  company: zIri('companies'),
  name: zText(200),
  oib: zOib(),
  email: zEmail().nullable(),
  phone: zPhone().nullable(),
  address: z.string().trim().max(300).nullable(),
};

export const posOwnerCreate = z.strictObject({ ...optional(fields), name: fields.name, oib: fields.oib });
export type PosOwnerCreate = z.infer<typeof posOwnerCreate>;
export const posOwnerPatch = z.strictObject(optional(withoutCompany(fields)));
export type PosOwnerPatch = z.infer<typeof posOwnerPatch>;

export const posOwnersCollection: CollectionSpec = {
  filters: { name: 'partial', oib: 'exact', company: 'exact' },
  order: ['id', 'name', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const posOwnersResource = defineResource({
  name: 'pos-owners',
  item: posOwnerItem,
  create: posOwnerCreate,
  patch: posOwnerPatch,
  collection: posOwnersCollection,
  component: 'loyalty.pos',
  embeds: ['pos-locations'],
});
