import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zImei } from '../validation.ts';
import { optional } from './shared.ts';

/** How a logger's batch came: posted to `/telemetry/batches` or published over MQTT (docs/api.md "MQTT"). */
export const loggerTransports = ['http', 'mqtt'] as const;
export type LoggerTransport = (typeof loggerTransports)[number];

export const loggerItem = z.object({
  ...itemMeta,
  company: z.string(),
  imei: z.string(),
  serial: z.string().nullable(),
  firmware: z.string().nullable(),
  simNumber: z.string().nullable(),
  /** The device the logger is fitted to (set on the device). */
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** How the logger's last batch came (at `lastSeenAt`); null for a logger never heard from. */
  lastTransport: z.enum(loggerTransports).nullable(),
  credentialIssuedAt: z.string(),
  createdAt: z.string(),
  /** The ingestion credential: present only in the answer that issued it (create, rotate). */
  credential: z.string().optional(),
});
export type Logger = z.infer<typeof loggerItem>;

const optionalText = (max: number) => z.string().trim().max(max).nullable();
const fields = {
  company: zIri('companies'),
  imei: zImei(),
  serial: optionalText(60),
  firmware: optionalText(60),
  simNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{6,22}$/, { error: 'format' })
    .nullable(),
};

export const loggerCreate = z.strictObject({ ...optional(fields), imei: fields.imei });
export type LoggerCreate = z.infer<typeof loggerCreate>;
export const loggerPatch = z.strictObject(optional(fields));
export type LoggerPatch = z.infer<typeof loggerPatch>;

/** A newly issued credential, shown once. */
export const loggerCredential = z.object({ logger: z.string(), imei: z.string(), credential: z.string(), credentialIssuedAt: z.string() });
export type LoggerCredential = z.infer<typeof loggerCredential>;

export const loggersCollection: CollectionSpec = {
  filters: { imei: 'partial', serial: 'partial', company: 'exact', lastSeenAt: 'range' },
  order: ['id', 'imei', 'serial', 'lastSeenAt', 'createdAt'],
  defaultOrder: { imei: 'asc' },
};

export const loggersResource = defineResource({
  name: 'loggers',
  item: loggerItem,
  create: loggerCreate,
  patch: loggerPatch,
  collection: loggersCollection,
  // Its last batch's time and way (`lastSeenAt`, `lastTransport`): every batch changes them.
  embeds: ['devices', 'telemetry'],
});
