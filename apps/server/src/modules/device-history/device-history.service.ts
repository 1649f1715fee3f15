import type { CriticalEpisode, Emptying, ServiceSession } from '@kovanica/contract';
import { identity, iri } from '@kovanica/contract';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { criticalEpisodes, emptyings, serviceSessions } from '../../db/schema/index.ts';
import { criticalEpisodeExtras, emptyingExtras, serviceSessionExtras } from './device-history.queries.ts';

const minutesBetween = (from: Date, to: Date | null) => Math.round(((to ?? new Date()).getTime() - from.getTime()) / 60_000);

export const serviceSessionsService = (db: Db) =>
  tableReads(db, serviceSessions, {
    company: serviceSessions.companyId,
    extras: serviceSessionExtras,
    toItem: (r): ServiceSession => ({
      ...identity('service-sessions', 'ServiceSession', r.id),
      company: iri('companies', r.companyId),
      device: iri('devices', r.deviceId),
      deviceName: r.deviceName ?? '',
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      plays: r.plays,
    }),
  });

export const criticalEpisodesService = (db: Db) =>
  tableReads(db, criticalEpisodes, {
    company: criticalEpisodes.companyId,
    extras: criticalEpisodeExtras,
    toItem: (r): CriticalEpisode => ({
      ...identity('critical-episodes', 'CriticalEpisode', r.id),
      company: iri('companies', r.companyId),
      device: iri('devices', r.deviceId),
      deviceName: r.deviceName ?? '',
      code: r.code,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      durationMinutes: minutesBetween(r.startedAt, r.endedAt),
    }),
  });

export const emptyingsService = (db: Db) =>
  tableReads(db, emptyings, {
    company: emptyings.companyId,
    extras: emptyingExtras,
    toItem: (r): Emptying => ({
      ...identity('emptyings', 'Emptying', r.id),
      company: iri('companies', r.companyId),
      device: iri('devices', r.deviceId),
      deviceName: r.deviceName ?? '',
      location: r.locationId === null ? null : iri('locations', r.locationId),
      locationName: r.locationName,
      at: r.at.toISOString(),
      periodStart: r.periodStart?.toISOString() ?? null,
      countedCents: r.countedCents,
      countedTokens: r.countedTokens,
      deviceCoinsCents: r.deviceCoinsCents,
      deviceTokens: r.deviceTokens,
    }),
  });
