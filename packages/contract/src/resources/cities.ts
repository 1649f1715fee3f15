import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';

/** Cities are shared reference data (no company); only admins change them. */
export const cityItem = z.object({
  ...itemMeta,
  name: z.string(),
  /** Locations in the city that the caller can see. */
  locationsCount: z.number().int(),
  createdAt: z.string(),
});
export type City = z.infer<typeof cityItem>;

export const cityCreate = z.strictObject({ name: zText(120) });
export type CityCreate = z.infer<typeof cityCreate>;
export const cityPatch = z.strictObject({ name: zText(120).optional() });
export type CityPatch = z.infer<typeof cityPatch>;

export const citiesCollection: CollectionSpec = {
  filters: { name: 'partial' },
  order: ['id', 'name', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const citiesResource = defineResource({
  name: 'cities',
  item: cityItem,
  create: cityCreate,
  patch: cityPatch,
  collection: citiesCollection,
  embeds: ['locations'],
});
