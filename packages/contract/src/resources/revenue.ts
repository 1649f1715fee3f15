import { z } from 'zod';
import { zDate } from '../validation.ts';
import { deviceGroups } from './devices.ts';

/**
 * Revenue per device and location over whole business days (domain.md §8): coins + notes + cashless +
 * loyalty cards + tokens × their value, without test plays and free rides; each part on its own, plays
 * and the average per play. Today's revenue is `from = to = today`; the detailed review any range.
 */
export const revenueQuery = z.strictObject({
  from: zDate(),
  to: zDate(),
  location: z.string().optional(),
  device: z.string().optional(),
  client: z.string().optional(),
});
export type RevenueQuery = z.infer<typeof revenueQuery>;

const parts = {
  coinsCents: z.number().int(),
  notesCents: z.number().int(),
  cashlessCents: z.number().int(),
  cardCents: z.number().int(),
  tokens: z.number().int(),
  tokensCents: z.number().int(),
  revenueCents: z.number().int(),
  plays: z.number().int(),
  /** Revenue ÷ plays, rounded to the cent; null without plays. */
  averagePerPlayCents: z.number().int().nullable(),
  freeRides: z.number().int(),
  testPlays: z.number().int(),
};

export const revenueRow = z.object({
  device: z.string(),
  deviceName: z.string(),
  group: z.enum(deviceGroups),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  ...parts,
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const revenueReport = z.object({
  '@id': z.string(),
  '@type': z.literal('RevenueReport'),
  from: z.string(),
  to: z.string(),
  /** A row per device and location it stood at, largest revenue first. */
  rows: z.array(revenueRow),
  totals: z.object(parts),
});
export type RevenueReport = z.infer<typeof revenueReport>;
