import { z } from 'zod';
import { itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zColor, zText } from '../validation.ts';

export const tagItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  colour: z.string(),
  devicesCount: z.number().int(),
  locationsCount: z.number().int(),
  createdAt: z.string(),
});
export type Tag = z.infer<typeof tagItem>;

/**
 * A tag as the devices and locations that carry it show it: its IRI, name and colour, in the order
 * of their `tags`. Read-only, beside the IRIs a write takes, so a list draws its badges (and an
 * export writes their names) without a request per tag.
 */
export const tagLabel = z.object({ '@id': z.string(), name: z.string(), colour: z.string() });
export type TagLabel = z.infer<typeof tagLabel>;

export const tagCreate = z.strictObject({ company: zIri('companies').optional(), name: zText(60), colour: zColor() });
export type TagCreate = z.infer<typeof tagCreate>;
export const tagPatch = tagCreate.omit({ company: true }).partial();
export type TagPatch = z.infer<typeof tagPatch>;

export const tagsResource = defineResource({
  name: 'tags',
  item: tagItem,
  create: tagCreate,
  patch: tagPatch,
  collection: {
    filters: { name: 'partial', company: 'exact' },
    order: ['id', 'name', 'createdAt'],
    defaultOrder: { name: 'asc' },
  },
  embeds: ['devices', 'locations'],
  invalidates: ['devices', 'locations'],
});
