import {
  type Device,
  type DeviceCreate,
  type DevicePatch,
  type DeviceState,
  deviceFieldsDescription,
  identity,
  iri,
  type Placement,
  pickFields,
  storedFields,
} from '@kovanica/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgError, refuseInUseLocked } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, resolveRefIds, targetCompanyId } from '../../db/references.ts';
import { companies, devicePlacements, devices, locations, loggers, tags } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { toTagLabels } from '../tags/tags.service.ts';
import { lockLoggerAgainstIngestion } from '../telemetry/telemetry.service.ts';
import { deviceDependents, deviceExtras, intakeDays, placementsOf } from './devices.queries.ts';
import { deviceStateOf } from './state.ts';

/** Whether a location is open at an instant (Zagreb time), for other modules (transactions). */
export { isOpen } from './state.ts';

type Row = RowWith<typeof devices, ReturnType<typeof deviceExtras>>;

/** The fields kept as they are in the table's columns of the same name (the contract's description). */
const STORED = storedFields(deviceFieldsDescription);

export function toDevice(row: Row): Device {
  const location = row.locationFiscal;
  return {
    ...identity('devices', 'Device', row.id),
    ...pickFields(row, STORED),
    company: iri('companies', row.companyId),
    logger: row.loggerId === null ? null : iri('loggers', row.loggerId),
    imei: row.imei,
    location: row.locationId === null ? null : iri('locations', row.locationId),
    locationName: location?.name ?? null,
    locationSince: row.locationSince?.toISOString() ?? null,
    tags: row.tagIds.map((id) => iri('tags', id)),
    tagLabels: toTagLabels(row.tagLabels),
    // Inherit: the location decides; a device nowhere is not fiscalized.
    fiscalizeApplied: row.fiscalize === 'inherit' ? (location?.fiscalization ?? false) : row.fiscalize === 'on',
    premisesLabelApplied: row.premisesLabel ?? location?.premisesLabel ?? null,
    state: deviceStateOf(row.telemetry, location?.workingHours ?? null),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface DevicesService extends CrudService<Device, DeviceCreate, DevicePatch> {
  placements(ctx: RequestContext, id: number): Promise<Placement[] | null>;
}

/** The serials an audit is matched by (docs/rules.md "Machine audits"). */
const SERIALS = ['machineSerial', 'boardSerial'] as const;

/**
 * A device's serials from an audit given for it (docs/rules.md "Machine audits"): each one the device
 * lacks is set, unless another device of the company has it; one it has already is never overwritten.
 */
export async function fillDeviceSerials(
  tx: Db | Tx,
  deviceId: number,
  serials: { machineSerial: string | null; boardSerial: string | null },
) {
  for (const field of SERIALS) {
    const value = serials[field];
    if (!value) continue;
    const name = sql.identifier(field === 'machineSerial' ? 'machine_serial' : 'board_serial');
    await tx
      .update(devices)
      .set({ [field]: value, updatedAt: new Date() })
      .where(
        and(
          eq(devices.id, deviceId),
          isNull(devices[field]),
          sql`not exists (select 1 from devices o where o.company_id = ${devices.companyId} and o.${name} = ${value})`,
        ),
      );
  }
}

/** Closes the open stay and opens one at the new location (none when the device is taken away). */
async function recordMove(tx: Tx, device: { id: number; companyId: number }, locationId: number | null, at: Date, userId: number) {
  await tx
    .update(devicePlacements)
    .set({ toAt: at })
    .where(and(eq(devicePlacements.deviceId, device.id), isNull(devicePlacements.toAt)));
  if (locationId !== null) {
    await tx
      .insert(devicePlacements)
      .values({ companyId: device.companyId, deviceId: device.id, locationId, fromAt: at, movedById: userId });
  }
}

// Long because: the service's methods share the database, the reads and the column checks by closure; each method is short.
export function devicesService(db: Db): DevicesService {
  const reads = tableReads(db, devices, { company: devices.companyId, extras: () => deviceExtras(), toItem: toDevice });

  /** Columns from a body; references must exist in the device's company, and a logger fits one device. */
  const columnsOf = async (ctx: RequestContext, companyId: number, input: DevicePatch, selfId?: number) => {
    const ref = <T extends typeof loggers | typeof locations | typeof tags>(table: T, collection: string, field: string) => ({
      table,
      collection,
      field,
      companyId,
    });
    let loggerId: number | null | undefined = input.logger === null ? null : undefined;
    if (input.logger) {
      const logger = await resolveRef(db, ctx, ref(loggers, 'loggers', 'logger'), input.logger);
      const [fitted] = await db.select({ id: devices.id }).from(devices).where(eq(devices.loggerId, logger.id));
      if (fitted && fitted.id !== selfId) throw invalid('logger', 'logger_taken');
      loggerId = logger.id;
    }
    const locationId =
      input.location === undefined || input.location === null
        ? input.location
        : (await resolveRef(db, ctx, ref(locations, 'locations', 'location'), input.location)).id;
    const tagIds = input.tags === undefined ? undefined : await resolveRefIds(db, ctx, ref(tags, 'tags', 'tags'), input.tags);
    return defined({ ...pickFields(input, STORED), loggerId, locationId, tagIds });
  };

  /** A serial another device of the company has (docs/rules.md "Machine audits"): 422 naming that device. */
  const serialsFree = async (companyId: number, input: DevicePatch, selfId?: number) => {
    for (const field of SERIALS) {
      const value = input[field];
      if (!value) continue;
      const [other] = await db
        .select({ id: devices.id, name: devices.name })
        .from(devices)
        .where(and(eq(devices.companyId, companyId), eq(devices[field], value)));
      if (other && other.id !== selfId) throw invalid(field, 'serial_taken', { device: other.name });
    }
  };

  /** Two requests fitting the same logger (or giving the same serial) at once: the unique index decides, the loser gets a 422. */
  const oneDevicePerLogger = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      const { constraint } = pgError(error);
      if (constraint === 'devices_logger_key') throw invalid('logger', 'logger_taken');
      if (constraint === 'devices_machine_serial_key') throw invalid('machineSerial', 'serial_taken', { device: '?' });
      if (constraint === 'devices_board_serial_key') throw invalid('boardSerial', 'serial_taken', { device: '?' });
      throw error;
    }
  };

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const values = await columnsOf(ctx, companyId, input);
      await serialsFree(companyId, input);
      const now = new Date();
      const id = await oneDevicePerLogger(() =>
        db.transaction(async (tx) => {
          // A new device takes the company's token value unless it names its own.
          const [company] = await tx
            .select({ tokenValueCents: companies.tokenValueCents })
            .from(companies)
            .where(eq(companies.id, companyId));
          const [row] = await tx
            .insert(devices)
            .values({
              tokenValueCents: company?.tokenValueCents,
              ...values,
              companyId,
              name: input.name,
              group: input.group,
              locationSince: values.locationId ? now : null,
            })
            .returning({ id: devices.id });
          if (!row) throw new Error('insert returned nothing');
          if (values.locationId) await recordMove(tx, { id: row.id, companyId }, values.locationId, now, ctx.actor.userId);
          return row.id;
        }),
      );
      return toDevice((await reads.find(ctx, id, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const values = await columnsOf(ctx, current.companyId, patch, id);
      await serialsFree(current.companyId, patch, id);
      const moved = values.locationId !== undefined && values.locationId !== current.locationId;
      const now = new Date();
      await oneDevicePerLogger(() =>
        db.transaction(async (tx) => {
          await tx
            .update(devices)
            .set({ ...values, ...(moved ? { locationSince: values.locationId ? now : null } : {}), updatedAt: now })
            .where(eq(devices.id, id));
          if (moved) await recordMove(tx, current, values.locationId ?? null, now, ctx.actor.userId);
        }),
      );
      return toDevice((await reads.find(ctx, id, null)) as Row);
    },
    /** A device with telemetry or maintenance keeps its history: only a device never used is deleted. */
    async remove(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return false;
      await refuseInUseLocked(
        db,
        async (tx) => {
          if (current.loggerId !== null) await lockLoggerAgainstIngestion(tx, current.loggerId);
        },
        (tx) => deviceDependents(tx, id),
        (tx) => tx.delete(devices).where(eq(devices.id, id)),
      );
      return true;
    },
    async placements(ctx, id) {
      if (!(await reads.find(ctx, id))) return null;
      const rows = await placementsOf(db, id);
      return rows.map((r) => ({
        location: iri('locations', r.locationId),
        locationName: r.locationName,
        from: r.fromAt.toISOString(),
        to: r.toAt?.toISOString() ?? null,
        movedBy: r.movedById === null ? null : iri('users', r.movedById),
        movedByName: r.movedByName,
      }));
    },
  };
}

/**
 * How many devices of the companies (null: every company) there are, how many are critical and how many
 * problematic (docs/rules.md "Telemetry, devices in operation, deposits", judged now exactly as each device's
 * own state is), and the cash in all their boxes: the dashboard's fleet figures, one read of every device's
 * state.
 */
export async function fleetFigures(db: Db, companyIds: readonly number[] | null, now = new Date()) {
  const extras = deviceExtras(intakeDays(now));
  const rows = await db
    .select({ telemetry: extras.telemetry, locationFiscal: extras.locationFiscal })
    .from(devices)
    .where(inCompanies(devices.companyId, companyIds));
  let critical = 0;
  let problematic = 0;
  let balanceCents = 0;
  for (const row of rows) {
    const state = deviceStateOf(row.telemetry, row.locationFiscal?.workingHours ?? null, now);
    if (state.critical) critical++;
    else if (state.problems.length > 0) problematic++;
    balanceCents += state.cashInBoxCents;
  }
  return { total: rows.length, critical, problematic, balanceCents };
}

/** A device as a collection round sees it: where it stands and its cash box's outlook now (docs/rules.md "Cash box outlook"). */
export interface DeviceOutlook {
  id: number;
  companyId: number;
  name: string;
  loggerId: number | null;
  locationId: number | null;
  locationName: string | null;
  address: string | null;
  point: { lat: number; lng: number } | null;
  state: DeviceState;
}

/**
 * The devices of a company (all, or those of `ids`) with their state now: one read, each device's
 * state judged exactly as its own (the proposal and the plan of a visit).
 */
export async function deviceOutlooks(
  db: Db | Tx,
  companyId: number,
  ids: readonly number[] | null,
  now = new Date(),
): Promise<DeviceOutlook[]> {
  const extras = deviceExtras(intakeDays(now));
  const rows = await db
    .select({
      id: devices.id,
      companyId: devices.companyId,
      name: devices.name,
      loggerId: devices.loggerId,
      locationId: devices.locationId,
      locationName: locations.name,
      address: locations.address,
      lat: locations.latitude,
      lng: locations.longitude,
      telemetry: extras.telemetry,
      locationFiscal: extras.locationFiscal,
    })
    .from(devices)
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(and(eq(devices.companyId, companyId), ids === null ? undefined : inArray(devices.id, [...ids])))
    .orderBy(devices.id);
  return rows.map(({ telemetry, locationFiscal, lat, lng, ...row }) => ({
    ...row,
    point: lat === null || lng === null ? null : { lat, lng },
    state: deviceStateOf(telemetry, locationFiscal?.workingHours ?? null, now),
  }));
}
