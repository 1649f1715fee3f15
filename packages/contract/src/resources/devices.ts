import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { describedCollection } from '../fields.ts';
import { defineResource } from '../resource.ts';
import { zCents, zText } from '../validation.ts';
import { deviceFieldsDescription, deviceGroups } from './device-fields.ts';
import { zPremisesLabel } from './locations.ts';
import { optional, withoutCompany } from './shared.ts';
import { tagLabel } from './tags.ts';

/** Whether a device's payments are fiscalized: on, off, or as its location says. */
export const fiscalizeModes = ['on', 'off', 'inherit'] as const;
export type FiscalizeMode = (typeof fiscalizeModes)[number];

/** Why a device that is not critical still needs a look (docs/rules.md "Telemetry, devices in operation, deposits"). */
export const problemReasons = ['offline', 'no_revenue', 'deposit_difference'] as const;
export type ProblemReason = (typeof problemReasons)[number];

/** A device's operational state, derived from its telemetry. */
export const deviceStateSchema = z.object({
  /** The logger was heard within the company's offline threshold. */
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  serviceMode: z.boolean(),
  serviceSince: z.string().nullable(),
  critical: z.boolean(),
  criticalCode: z.string().nullable(),
  criticalSince: z.string().nullable(),
  /** Empty unless the device is problematic: offline while its location is open, no revenue for 3 open days. */
  problems: z.array(z.enum(problemReasons)),
  /** Coins and notes in the box since the last emptying, as telemetry counted them. */
  cashInBoxCents: z.number().int(),
  tokensInBox: z.number().int(),
  lastEmptiedAt: z.string().nullable(),
  /**
   * The cash box's outlook (docs/rules.md "Cash box outlook"): coins and notes a day over the last 14
   * Zagreb days; the cash expected in the box now (what telemetry counted, plus the days' intake since
   * the logger was last heard when it is offline); that as a percent of the box's capacity (null
   * without one); the Zagreb day it is forecast full at that intake (null without a capacity or intake).
   */
  dailyIntakeCents: z.number().int(),
  expectedCashCents: z.number().int(),
  fillPercent: z.number().int().nullable(),
  fullOn: z.string().nullable(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceItem = z.object({
  ...itemMeta,
  company: z.string(),
  name: z.string(),
  group: z.enum(deviceGroups),
  logger: z.string().nullable(),
  imei: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  /** When the device was placed at its current location. */
  locationSince: z.string().nullable(),
  playPriceCents: z.number().int(),
  tokenValueCents: z.number().int(),
  /** What the cash box holds when full (the logistic report's forecast of when it is); null: not told. */
  cashBoxCapacityCents: z.number().int().nullable(),
  tags: z.array(z.string()),
  tagLabels: z.array(tagLabel),
  premisesLabel: z.string().nullable(),
  isuNumber: z.string().nullable(),
  /** The machine's and its control board's serial numbers (an audit's ID101, CB101), one device of the company each. */
  machineSerial: z.string().nullable(),
  boardSerial: z.string().nullable(),
  fiscalize: z.enum(fiscalizeModes),
  /** The fiscal settings in force, after inheriting from the location. */
  fiscalizeApplied: z.boolean(),
  premisesLabelApplied: z.string().nullable(),
  state: deviceStateSchema,
  createdAt: z.string(),
});
export type Device = z.infer<typeof deviceItem>;

/** Charging device number (`OznNapUr`): digits, no leading zero (a point of sale's ISU is checked alike). */
export const zIsuNumber = () =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,19}$/, { error: 'format' });

const fields = {
  company: zIri('companies'),
  name: zText(120),
  group: z.enum(deviceGroups),
  logger: zIri('loggers').nullable(),
  location: zIri('locations').nullable(),
  playPriceCents: zCents(),
  tokenValueCents: zCents(),
  cashBoxCapacityCents: zCents().nullable(),
  tags: z.array(zIri('tags')).max(50),
  premisesLabel: zPremisesLabel().nullable(),
  isuNumber: zIsuNumber().nullable(),
  machineSerial: zText(60).nullable(),
  boardSerial: zText(60).nullable(),
  fiscalize: z.enum(fiscalizeModes),
};

export const deviceCreate = z.strictObject({ ...optional(fields), name: fields.name, group: fields.group });
export type DeviceCreate = z.infer<typeof deviceCreate>;
export const devicePatch = z.strictObject(optional(withoutCompany(fields)));
export type DevicePatch = z.infer<typeof devicePatch>;

/** `critical`, `serviceMode`: the state now (`?critical=true` lists the devices critical now). */
export const devicesCollection: CollectionSpec = describedCollection(deviceFieldsDescription, { name: 'asc' });

/** One stay of a device at a location (placement history, docs/rules.md "Master data", devices). */
export const placementItem = z.object({
  location: z.string(),
  locationName: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  movedBy: z.string().nullable(),
  movedByName: z.string().nullable(),
});
export type Placement = z.infer<typeof placementItem>;

export const devicesResource = defineResource({
  name: 'devices',
  item: deviceItem,
  create: deviceCreate,
  patch: devicePatch,
  collection: devicesCollection,
  embeds: ['locations', 'loggers', 'telemetry', 'companies'],
});
