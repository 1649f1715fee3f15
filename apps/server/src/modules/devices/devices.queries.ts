import { addDays, businessDate, type DepositFigures, LOGISTIC_INTAKE_DAYS, type WorkingHours } from '@kovanica/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { badQuery, type CollectionColumns, type DerivedFilter } from '../../core/collection.ts';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import {
  companies,
  deposits,
  deviceDaily,
  devicePlacements,
  deviceState,
  devices,
  locations,
  loggers,
  maintenance,
  stockMovements,
  telemetryEvents,
  telemetryHolds,
  users,
} from '../../db/schema/index.ts';
import { revenueOfDay } from '../revenue/revenue.service.ts';
import { tagLabelsOf } from '../tags/tags.service.ts';

/**
 * A boolean of the device's state as a filter (`?critical=true`); a device without state is all false.
 * It reads a value as every boolean filter does: `true`/`1`, `false`/`0`, anything else a 400.
 */
function stateFilter(column: typeof deviceState.critical | typeof deviceState.serviceMode): DerivedFilter {
  return {
    derived: (values, param) => {
      if (!['true', '1', 'false', '0'].includes(values[0] ?? '')) throw badQuery(param);
      const wanted = values[0] === 'true' || values[0] === '1';
      const yes = sql`exists (select 1 from ${deviceState} where ${deviceState.deviceId} = ${outer(devices.id)} and ${column})`;
      return wanted ? yes : sql`not ${yes}`;
    },
  };
}

export const deviceColumns: CollectionColumns = {
  id: devices.id,
  name: devices.name,
  group: devices.group,
  location: devices.locationId,
  logger: devices.loggerId,
  tags: devices.tagIds,
  playPriceCents: devices.playPriceCents,
  company: devices.companyId,
  createdAt: devices.createdAt,
  critical: stateFilter(deviceState.critical),
  serviceMode: stateFilter(deviceState.serviceMode),
};

interface LocationFiscal {
  name: string;
  fiscalization: boolean;
  premisesLabel: string | null;
  workingHours: WorkingHours;
}

/** The telemetry side of a device, as stored (timestamps as JSON text). */
export interface StateRow {
  lastSeenAt: string | null;
  offlineThresholdMinutes: number;
  serviceMode: boolean | null;
  serviceSince: string | null;
  critical: boolean | null;
  criticalCode: string | null;
  criticalSince: string | null;
  boxCents: number | null;
  boxTokens: number | null;
  lastEmptiedAt: string | null;
  /** The last business day with revenue. */
  lastRevenueDay: string | null;
  /** The device's last verified deposit, with what its difference is judged by. */
  lastVerifiedDeposit: (DepositFigures & { tokenValueCents: number; toleranceCents: number }) | null;
  /** Its cash box's capacity (null: not known). */
  capacityCents?: number | null;
  /** Coins and notes over the last LOGISTIC_INTAKE_DAYS Zagreb days before today (docs/rules.md "Cash box outlook"). */
  recentCashCents?: number | string | null;
}

/** The days the cash box outlook's intake is read over: the last LOGISTIC_INTAKE_DAYS Zagreb days, today left out. */
export function intakeDays(now = new Date()) {
  const today = businessDate(now);
  return { from: addDays(today, -LOGISTIC_INTAKE_DAYS), to: addDays(today, -1) };
}

export const deviceExtras = (intake = intakeDays()) => ({
  tagLabels: tagLabelsOf(devices.tagIds),
  imei: sql<string | null>`(select ${loggers.imei} from ${loggers} where ${loggers.id} = ${outer(devices.loggerId)})`,
  locationFiscal: sql<LocationFiscal | null>`(select json_build_object('name', ${locations.name}, 'fiscalization', ${locations.fiscalization},
    'premisesLabel', ${locations.premisesLabel}, 'workingHours', ${locations.workingHours}) from ${locations} where ${locations.id} = ${outer(devices.locationId)})`,
  telemetry: sql<StateRow>`(select json_build_object(
    'lastSeenAt', (select ${loggers.lastSeenAt} from ${loggers} where ${loggers.id} = ${outer(devices.loggerId)}),
    'offlineThresholdMinutes', (select ${companies.offlineThresholdMinutes} from ${companies} where ${companies.id} = ${outer(devices.companyId)}),
    'serviceMode', s.service_mode, 'serviceSince', s.service_since, 'critical', s.critical, 'criticalCode', s.critical_code,
    'criticalSince', s.critical_since, 'boxCents', s.box_cents, 'boxTokens', s.box_tokens, 'lastEmptiedAt', s.last_emptied_at,
    'lastRevenueDay', (select max(${deviceDaily.day}) from ${deviceDaily} where ${deviceDaily.deviceId} = ${outer(devices.id)}
      and ${revenueOfDay} > 0),
    'lastVerifiedDeposit', (select json_build_object('reportedCoinsCents', dep.reported_coins_cents, 'reportedTokens', dep.reported_tokens,
      'depositCoinsCents', dep.deposit_coins_cents, 'depositTokens', dep.deposit_tokens, 'tokenValueCents', ${outer(devices.tokenValueCents)},
      'toleranceCents', (select ${companies.depositToleranceCents} from ${companies} where ${companies.id} = ${outer(devices.companyId)}))
      from ${deposits} dep where dep.device_id = ${outer(devices.id)} and dep.verified_at is not null order by dep.at desc limit 1),
    'capacityCents', ${outer(devices.cashBoxCapacityCents)},
    'recentCashCents', (select sum(${deviceDaily.coinsCents} + ${deviceDaily.notesCents}) from ${deviceDaily}
      where ${deviceDaily.deviceId} = ${outer(devices.id)} and ${deviceDaily.day} between ${intake.from}::date and ${intake.to}::date))
    from (select 1) one left join ${deviceState} s on s.device_id = ${outer(devices.id)})`,
});

/** A device's stays, newest first. */
export function placementsOf(db: Db, deviceId: number) {
  return db
    .select({
      locationId: devicePlacements.locationId,
      locationName: locations.name,
      fromAt: devicePlacements.fromAt,
      toAt: devicePlacements.toAt,
      movedById: devicePlacements.movedById,
      movedByName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
    })
    .from(devicePlacements)
    .innerJoin(locations, eq(locations.id, devicePlacements.locationId))
    .leftJoin(users, eq(users.id, devicePlacements.movedById))
    .where(eq(devicePlacements.deviceId, deviceId))
    .orderBy(desc(devicePlacements.fromAt), desc(devicePlacements.id));
}

/** What keeps a device from being deleted: its telemetry (held batches too, decided or not) and its maintenance records. */
export async function deviceDependents(db: Db, id: number) {
  const [row] = await db
    .select({
      events: sql<number>`(select count(*) from ${telemetryEvents} where ${telemetryEvents.deviceId} = ${id})`.mapWith(Number),
      heldBatches: sql<number>`(select count(*) from ${telemetryHolds} where ${telemetryHolds.deviceId} = ${id})`.mapWith(Number),
      maintenance: sql<number>`(select count(*) from ${maintenance} where ${maintenance.deviceId} = ${id})`.mapWith(Number),
      // Prizes loaded into it (stock movements).
      movements: sql<number>`(select count(*) from ${stockMovements} where ${stockMovements.deviceId} = ${id})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { events: 0, heldBatches: 0, maintenance: 0, movements: 0 };
}
