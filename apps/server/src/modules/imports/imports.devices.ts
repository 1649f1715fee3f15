import {
  type DeviceCreate,
  deviceCreate,
  deviceFieldsDescription,
  deviceImportColumns,
  deviceImportFiscalizeAliases,
  deviceImportGroupAliases,
  iri,
  type ProblemCode,
  pickFields,
  storedFields,
} from '@kovanica/contract';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { companies, devicePlacements, devices } from '../../db/schema/index.ts';
import { choice, importColumnOfField, storedCells } from './imports.cells.ts';
import { claimNames, idsByName, nameKey, namesTaken, nameTakenFailure, referenceOf } from './imports.names.ts';
import { type ImportInput, importOf, type ReadRow, readImportFile, rowsOf, uniqueInFile, validateRow } from './imports.pipeline.ts';

// Devices from a file (decision 0027): each row through `deviceCreate` (the form's and
// `POST /devices`' schema); the location found by name among the company's, the logger by its IMEI
// or serial number among the company's (one device per logger: fitted already, or twice in the
// file, is refused); a name unique in the file and in the company (case aside). The write does what
// `POST /devices` does for each row: the company's token value unless the row names one, and a
// device placed at a location is there since now, its stay opened in the placement history.

type Column = (typeof deviceImportColumns.columns)[number];

/** The file's column of each schema field (an error names the file's column: a money field's without `Cents`). */
const columnOf = importColumnOfField(deviceFieldsDescription);
/** The fields kept as they are in the table's columns (the contract's description): the file's cells read by their kinds. */
const STORED = storedFields(deviceFieldsDescription);
/** A row's stored fields, each read by its kind. */
const storedOf = storedCells(deviceFieldsDescription);

interface DeviceRow extends ReadRow<Column> {
  device: (DeviceCreate & { locationId: number | null; loggerId: number | null }) | null;
}

/** Reads and checks a file of devices for a company: everything the preview shows and the write needs. */
async function check(db: Db, _ctx: RequestContext, input: ImportInput, companyId: number) {
  const file = await readImportFile(deviceImportColumns, input);
  const column = (c: Column) => file.rows.flatMap((r) => (r.values[c] ? [nameKey(r.values[c])] : []));
  const locationIds = await idsByName(
    db,
    (names) => sql`select lower(name) as name, id from locations where company_id = ${companyId} and lower(name) in ${names}`,
    column('location'),
  );
  // A logger by its IMEI or its serial number (a serial another logger has as its IMEI is ambiguous).
  const loggerIds = await idsByName(
    db,
    (names) => sql`
      select distinct on (name, id) name, id from (
        select lower(imei) as name, id from loggers where company_id = ${companyId} and lower(imei) in ${names}
        union all
        select lower(serial) as name, id from loggers where company_id = ${companyId} and lower(serial) in ${names}
      ) l`,
    column('logger'),
  );
  const fitted = new Set(
    rowsOf<{ id: number }>(
      await db.execute(
        sql`select logger_id as id from devices where logger_id in (select jsonb_array_elements_text(${JSON.stringify(
          [...loggerIds.values()].flat(),
        )}::jsonb)::int)`,
      ),
    ).map((r) => Number(r.id)),
  );
  const rows: DeviceRow[] = file.rows.map((row) => {
    const v = row.values;
    const locationId = referenceOf(row, 'location', locationIds, 'location_unknown');
    const loggerId = referenceOf(row, 'logger', loggerIds, 'logger_unknown');
    if (loggerId && fitted.has(loggerId)) row.errors.push({ field: 'logger', code: 'logger_taken' });
    // The references are checked here by name; the schema sees them as the IRIs the form would send.
    // The stored fields by their kinds (prices in euros); the group and the fiscalization mode by their words too.
    const body: Record<string, unknown> = { name: v.name ?? '', ...storedOf(v) };
    if (v.group) body.group = choice(v.group, deviceImportGroupAliases, true);
    if (v.fiscalize) body.fiscalize = choice(v.fiscalize, deviceImportFiscalizeAliases);
    if (locationId) body.location = iri('locations', locationId);
    if (loggerId) body.logger = iri('loggers', loggerId);
    const parsed = validateRow(deviceCreate, body, row.errors, columnOf);
    const device =
      parsed && locationId !== undefined && loggerId !== undefined && row.errors.length === 0
        ? { ...parsed, locationId: locationId ?? null, loggerId: loggerId ?? null }
        : null;
    return { ...row, device };
  });

  uniqueInFile(rows, 'name', nameKey);
  // The same logger on two rows: both refused (which device it is fitted to is the user's call).
  const loggerKey = new Map(rows.map((r) => [r, r.device?.loggerId ? String(r.device.loggerId) : '']));
  const byLogger = new Map<string, number[]>();
  for (const [row, key] of loggerKey) if (key) byLogger.set(key, [...(byLogger.get(key) ?? []), row.line]);
  for (const [row, key] of loggerKey) {
    const lines = key ? (byLogger.get(key) ?? []) : [];
    if (lines.length > 1)
      row.errors.push({ field: 'logger', code: 'duplicate_in_file', params: { line: lines.find((l) => l !== row.line) } });
  }
  const taken = await namesTaken(db, 'devices', companyId, column('name'));
  for (const row of rows) {
    if (row.values.name && taken.has(nameKey(row.values.name))) row.errors.push({ field: 'name', code: 'unique' });
    if (row.errors.length) row.device = null;
  }
  return { file, rows };
}

function failureOf(error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  const taken = nameTakenFailure(error, 'import_device_taken');
  if (taken) return taken;
  if (pgError(error).constraint === 'devices_logger_key') return { code: 'import_logger_taken', params: {} };
  return { code: 'import_write_failed', params: {} };
}

/** The valid rows written (the import's transaction). */
async function write(tx: Tx, ctx: RequestContext, valid: NonNullable<DeviceRow['device']>[], companyId: number) {
  // Devices have no unique index on the name: two imports of a company wait for each other, and
  // the names are checked again inside the write (a logger fitted meanwhile: the unique index).
  const names = valid.map((d) => d.name);
  await claimNames(tx, 'devices', companyId, names);
  // As `POST /devices`: a new device takes the company's token value unless it names its own.
  const [company] = await tx.select({ tokenValueCents: companies.tokenValueCents }).from(companies).where(eq(companies.id, companyId));
  const now = new Date();
  let written = 0;
  for (let i = 0; i < valid.length; i += 500) {
    const chunk = valid.slice(i, i + 500);
    const created = await tx
      .insert(devices)
      .values(
        chunk.map((d) => ({
          ...pickFields(d, STORED),
          companyId,
          loggerId: d.loggerId,
          locationId: d.locationId,
          locationSince: d.locationId ? now : null,
          tokenValueCents: d.tokenValueCents ?? company?.tokenValueCents,
        })),
      )
      .returning({ id: devices.id, locationId: devices.locationId });
    const placed = created.flatMap((d) =>
      d.locationId ? [{ companyId, deviceId: d.id, locationId: d.locationId, fromAt: now, movedById: ctx.actor.userId }] : [],
    );
    if (placed.length) await tx.insert(devicePlacements).values(placed);
    written += created.length;
  }
  return written;
}

/**
 * Devices from a file into a company: the preview (`confirm` false, nothing written), or the valid
 * rows written in one transaction with their placements and the import's record.
 */
export const importDevices = importOf({ kind: 'devices', check, valid: (row) => row.device, write, failure: failureOf });
