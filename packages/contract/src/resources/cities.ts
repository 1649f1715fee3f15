import { z } from 'zod';
import { itemMeta } from '../api.ts';
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
export const cityPatch = cityCreate.partial();
export type CityPatch = z.infer<typeof cityPatch>;

export const citiesResource = defineResource({
  name: 'cities',
  item: cityItem,
  create: cityCreate,
  patch: cityPatch,
  collection: {
    filters: { name: 'partial' },
    order: ['id', 'name', 'createdAt'],
    defaultOrder: { name: 'asc' },
  },
  embeds: ['locations'],
});
