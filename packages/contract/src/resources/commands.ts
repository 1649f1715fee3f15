import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';
import { commandTypes } from './telemetry.ts';

/**
 * A remote command's life (docs/rules.md "Telemetry, devices in operation, deposits", commands): pending →
 * delivered (in a batch answer) → done or failed.
 */
export const commandStatuses = ['pending', 'delivered', 'done', 'failed'] as const;
export type CommandStatus = (typeof commandStatuses)[number];

export const commandItem = z.object({
  ...itemMeta,
  company: z.string(),
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  type: z.enum(commandTypes),
  reason: z.string().nullable(),
  status: z.enum(commandStatuses),
  requestedBy: z.string().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  deliveredAt: z.string().nullable(),
  doneAt: z.string().nullable(),
});
export type Command = z.infer<typeof commandItem>;

/** A free ride or a reset sent to a device's logger; the reason is kept with who asked and when. */
export const commandCreate = z.strictObject({ type: z.enum(commandTypes), reason: zText(300) });
export type CommandCreate = z.infer<typeof commandCreate>;

export const commandsCollection: CollectionSpec = {
  filters: { device: 'exact', type: 'exact', status: 'exact', requestedAt: 'range', company: 'exact' },
  order: ['id', 'requestedAt'],
  defaultOrder: { requestedAt: 'desc' },
};

export const commandsResource = defineResource({
  name: 'commands',
  item: commandItem,
  collection: commandsCollection,
  embeds: ['devices', 'telemetry'],
});
