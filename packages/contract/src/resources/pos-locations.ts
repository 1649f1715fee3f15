import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';
import { zIsuNumber } from './devices.ts';
import { zPremisesLabel } from './locations.ts';
import { optional, withoutCompany } from './shared.ts';

/**
 * A point of sale where loyalty credit is sold (docs/rules.md "Loyalty: cards, spends, top-ups"). Its business premises label and ISU
 * number name the fiscal bills of its top-ups (`N/PREMISES/ISU`), checked as a device's are. Its POS
 * terminal signs in with a credential of its own (decision 0023), shown once when issued.
 */
export const posLocationItem = z.object({
  ...itemMeta,
  company: z.string(),
  posOwner: z.string(),
  posOwnerName: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  premisesLabel: z.string(),
  isu: z.string(),
  active: z.boolean(),
  /** When the terminal's current credential was issued; null: none issued yet. */
  terminalKeyIssuedAt: z.string().nullable(),
  /** Its POS workers (`pos-workers`). */
  workersCount: z.number().int(),
  createdAt: z.string(),
});
export type PosLocation = z.infer<typeof posLocationItem>;

const fields = {
  company: zIri('companies'),
  posOwner: zIri('pos-owners'),
  name: zText(200),
  address: z.string().trim().max(300).nullable(),
  premisesLabel: zPremisesLabel(),
  isu: zIsuNumber(),
  active: z.boolean(),
};

export const posLocationCreate = z.strictObject({
  ...optional(fields),
  posOwner: fields.posOwner,
  name: fields.name,
  premisesLabel: fields.premisesLabel,
  isu: fields.isu,
});
export type PosLocationCreate = z.infer<typeof posLocationCreate>;
export const posLocationPatch = z.strictObject(optional(withoutCompany(fields)));
export type PosLocationPatch = z.infer<typeof posLocationPatch>;

/** A newly issued terminal credential (`POST /pos-locations/{id}/terminal-key`): the only time it is shown. */
export const posTerminalKey = z.object({
  posLocation: z.string(),
  name: z.string(),
  terminalKey: z.string(),
  terminalKeyIssuedAt: z.string(),
});
export type PosTerminalKey = z.infer<typeof posTerminalKey>;

export const posLocationsCollection: CollectionSpec = {
  filters: { name: 'partial', posOwner: 'exact', premisesLabel: 'exact', active: 'boolean', company: 'exact' },
  order: ['id', 'name', 'premisesLabel', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const posLocationsResource = defineResource({
  name: 'pos-locations',
  item: posLocationItem,
  create: posLocationCreate,
  patch: posLocationPatch,
  collection: posLocationsCollection,
  component: 'loyalty.pos',
  embeds: ['pos-owners', 'pos-workers'],
});
