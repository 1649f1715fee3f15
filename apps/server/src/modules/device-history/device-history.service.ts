import type { CriticalEpisode, Emptying, ServiceSession } from '@kovanica/contract';
import { identity, iri } from '@kovanica/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type Extras, type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { criticalEpisodes, emptyings, serviceSessions } from '../../db/schema/index.ts';
import type { CrudService } from '../../http/crud.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { criticalEpisodeExtras, emptyingExtras, serviceSessionExtras } from './device-history.queries.ts';

type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** A read-only tenant collection: the caller's companies, mapped row by row. */
function readOnly<T extends TenantTable, X extends Extras, Item>(
  db: Db,
  table: T,
  extras: () => X,
  map: (row: RowWith<T, X>) => Item,
): Pick<CrudService<Item, never, never>, 'list' | 'get'> {
  return {
    async list(ctx, query) {
      const { rows, total, next } = await selectPage(db, table, inCompanies(table.companyId, ctx.listed), query, extras());
      return { items: rows.map(map), total, next };
    },
    async get(ctx, id) {
      const row = await selectOne(db, table, id, inCompanies(table.companyId, ctx.visible), extras());
      return row ? map(row) : null;
    },
  };
}

const minutesBetween = (from: Date, to: Date | null) => Math.round(((to ?? new Date()).getTime() - from.getTime()) / 60_000);

export const serviceSessionsService = (db: Db) =>
  readOnly(
    db,
    serviceSessions,
    serviceSessionExtras,
    (r): ServiceSession => ({
      ...identity('service-sessions', 'ServiceSession', r.id),
      company: iri('companies', r.companyId),
      device: iri('devices', r.deviceId),
      deviceName: r.deviceName ?? '',
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      plays: r.plays,
    }),
  );

export const criticalEpisodesService = (db: Db) =>
  readOnly(
    db,
    criticalEpisodes,
    criticalEpisodeExtras,
    (r): CriticalEpisode => ({
      ...identity('critical-episodes', 'CriticalEpisode', r.id),
      company: iri('companies', r.companyId),
      device: iri('devices', r.deviceId),
      deviceName: r.deviceName ?? '',
      code: r.code,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      durationMinutes: minutesBetween(r.startedAt, r.endedAt),
    }),
  );

export const emptyingsService = (db: Db) =>
  readOnly(
    db,
    emptyings,
    emptyingExtras,
    (r): Emptying => ({
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
  );
