import { z } from 'zod';
import { resourceComponent } from '../access.ts';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zCents, zDate, zText } from '../validation.ts';

/** Maintenance records per device (docs/rules.md "Telemetry, devices in operation, deposits"); their cost counts in EBITDA. */
export const maintenanceTypes = ['repair', 'service', 'cleaning', 'inspection', 'other'] as const;
export type MaintenanceType = (typeof maintenanceTypes)[number];

export const maintenanceItem = z.object({
  ...itemMeta,
  company: z.string(),
  device: z.string(),
  deviceName: z.string(),
  date: z.string(),
  type: z.enum(maintenanceTypes),
  description: z.string(),
  costCents: z.number().int(),
  performedBy: z.string().nullable(),
  performedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceItem>;

const fields = {
  device: zIri('devices'),
  date: zDate(),
  type: z.enum(maintenanceTypes),
  description: zText(2000),
  costCents: zCents(),
  performedBy: zIri('users').nullable(),
};

/** Who did it defaults to the user recording it. */
export const maintenanceCreate = z.strictObject({
  ...fields,
  costCents: fields.costCents.optional(),
  performedBy: fields.performedBy.optional(),
});
export type MaintenanceCreate = z.infer<typeof maintenanceCreate>;
export const maintenancePatch = z.strictObject({
  date: fields.date.optional(),
  type: fields.type.optional(),
  description: fields.description.optional(),
  costCents: fields.costCents.optional(),
  performedBy: fields.performedBy.optional(),
});
export type MaintenancePatch = z.infer<typeof maintenancePatch>;

export const maintenanceCollection: CollectionSpec = {
  filters: { device: 'exact', type: 'exact', date: 'range', company: 'exact' },
  order: ['id', 'date', 'costCents'],
  defaultOrder: { date: 'desc' },
};

export const maintenanceResource = defineResource({
  name: 'maintenance',
  item: maintenanceItem,
  create: maintenanceCreate,
  patch: maintenancePatch,
  collection: maintenanceCollection,
  component: resourceComponent.maintenance,
  embeds: ['devices', 'users'],
});
