import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';

/**
 * A device's telemetry history (the legacy app's device routes): service-mode sessions, critical episodes,
 * emptyings (discharges). Read-only; each is derived from the loggers' events at ingestion.
 */
const deviceRef = { company: z.string(), device: z.string(), deviceName: z.string() };

export const serviceSessionItem = z.object({
  ...itemMeta,
  ...deviceRef,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Test plays during the session. */
  plays: z.number().int(),
});
export type ServiceSession = z.infer<typeof serviceSessionItem>;

export const criticalEpisodeItem = z.object({
  ...itemMeta,
  ...deviceRef,
  code: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Minutes from start to end, or until now for an open episode. */
  durationMinutes: z.number().int(),
});
export type CriticalEpisode = z.infer<typeof criticalEpisodeItem>;

export const emptyingItem = z.object({
  ...itemMeta,
  ...deviceRef,
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  at: z.string(),
  periodStart: z.string().nullable(),
  /** What telemetry counted in the box since the previous emptying. */
  countedCents: z.number().int(),
  countedTokens: z.number().int(),
  /** The device's own counters for the period, as it reported them. */
  deviceCoinsCents: z.number().int().nullable(),
  deviceTokens: z.number().int().nullable(),
});
export type Emptying = z.infer<typeof emptyingItem>;

const history = (time: string): CollectionSpec => ({
  filters: { device: 'exact', company: 'exact', [time]: 'range' },
  order: ['id', time],
  defaultOrder: { [time]: 'desc' },
  keyset: time,
});
export const serviceSessionsCollection = history('startedAt');
export const criticalEpisodesCollection = {
  ...history('startedAt'),
  filters: { ...history('startedAt').filters, code: 'exact' },
} as CollectionSpec;
export const emptyingsCollection = { ...history('at'), filters: { ...history('at').filters, location: 'exact' } } as CollectionSpec;

export const serviceSessionsResource = defineResource({
  name: 'service-sessions',
  item: serviceSessionItem,
  collection: serviceSessionsCollection,
  embeds: ['telemetry', 'devices', 'locations'],
});

export const criticalEpisodesResource = defineResource({
  name: 'critical-episodes',
  item: criticalEpisodeItem,
  collection: criticalEpisodesCollection,
  embeds: ['telemetry', 'devices', 'locations'],
});

export const emptyingsResource = defineResource({
  name: 'emptyings',
  item: emptyingItem,
  collection: emptyingsCollection,
  embeds: ['telemetry', 'devices', 'locations'],
});
