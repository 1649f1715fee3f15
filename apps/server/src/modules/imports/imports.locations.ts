import {
  iri,
  type LocationCreate,
  locationCreate,
  locationFieldsDescription,
  locationImportColumns,
  locationImportPaymentAliases,
  locationImportRentalAliases,
  type ProblemCode,
  pickFields,
  storedFields,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { toBp } from '../../db/units.ts';
import { recordCreates } from '../audit-log/audit-log.service.ts';
import { choice, importColumnOfField, percent, storedCells } from './imports.cells.ts';
import { claimNames, idsByName, nameKey, namesTaken, nameTakenFailure, referenceOf } from './imports.names.ts';
import { type ImportInput, importOf, type ReadRow, readImportFile, uniqueInFile, validateRow } from './imports.pipeline.ts';

// Locations from a file (decision 0027): each row through `locationCreate` (the form's
// and `POST /locations`' schema); the city found by name among the shared cities, the lessor by name
// among the company's; a name unique in the file and in the company (case aside). The write does
// what `POST /locations` does for each row: the row and its audit-trail entry.

type Column = (typeof locationImportColumns.columns)[number];

/** The file's column of each schema field (an error names the file's column: a money field's without `Cents`). */
const columnOf = importColumnOfField(locationFieldsDescription);
/** The fields kept as they are in the table's columns (the contract's description): the file's cells read by their kinds. */
const STORED = storedFields(locationFieldsDescription);
/** A row's stored fields, each read by its kind. */
const storedOf = storedCells(locationFieldsDescription);

interface LocationRow extends ReadRow<Column> {
  location: (LocationCreate & { cityId: number; lessorId: number | null }) | null;
}

/** Reads and checks a file of locations for a company: everything the preview shows and the write needs. */
async function check(db: Db, _ctx: RequestContext, input: ImportInput, companyId: number) {
  const file = await readImportFile(locationImportColumns, input);
  const column = (c: Column) => file.rows.flatMap((r) => (r.values[c] ? [nameKey(r.values[c])] : []));
  const cityIds = await idsByName(
    db,
    (names) => sql`select lower(name) as name, id from cities where lower(name) in ${names}`,
    column('city'),
  );
  const lessorIds = await idsByName(
    db,
    (names) => sql`select lower(name) as name, id from lessors where company_id = ${companyId} and lower(name) in ${names}`,
    column('lessor'),
  );
  const rows: LocationRow[] = file.rows.map((row) => {
    const v = row.values;
    const cityId = referenceOf(row, 'city', cityIds, 'city_unknown');
    const lessorId = referenceOf(row, 'lessor', lessorIds, 'lessor_unknown');
    // The references are checked here by name; the schema sees them as the IRIs the form would send.
    // The stored fields by their kinds (amounts in euros, yes or no); the words by their aliases too, the rent as a percent.
    const body: Record<string, unknown> = { name: v.name ?? '', ...storedOf(v) };
    if (v.city) body.city = iri('cities', cityId ?? 1);
    if (lessorId) body.lessor = iri('lessors', lessorId);
    const set = (field: string, value: unknown) => {
      if (value !== undefined) body[field] = value;
    };
    set('rentalType', choice(v.rentalType, locationImportRentalAliases));
    set('paymentMethod', choice(v.paymentMethod, locationImportPaymentAliases));
    set('rentalPercentage', percent(v.rentalPercentage));
    const parsed = validateRow(locationCreate, body, row.errors, columnOf);
    const location =
      parsed && cityId && lessorId !== undefined && row.errors.length === 0 ? { ...parsed, cityId, lessorId: lessorId ?? null } : null;
    return { ...row, location };
  });

  uniqueInFile(rows, 'name', nameKey);
  const taken = await namesTaken(db, 'locations', companyId, column('name'));
  for (const row of rows) {
    if (row.values.name && taken.has(nameKey(row.values.name))) row.errors.push({ field: 'name', code: 'unique' });
    if (row.errors.length) row.location = null;
  }
  return { file, rows };
}

function failureOf(error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  const taken = nameTakenFailure(error, 'import_location_taken');
  if (taken) return taken;
  return { code: 'import_write_failed', params: {} };
}

/** The valid rows written (the import's transaction). */
async function write(tx: Tx, ctx: RequestContext, valid: NonNullable<LocationRow['location']>[], companyId: number) {
  // Locations have no unique index on the name: two imports of a company wait for each other,
  // and the names are checked again inside the write.
  const names = valid.map((l) => l.name);
  await claimNames(tx, 'locations', companyId, names);
  const created = [];
  for (let i = 0; i < valid.length; i += 500) {
    created.push(
      ...(await tx
        .insert(locations)
        .values(
          valid.slice(i, i + 500).map((l) => ({
            ...pickFields(l, STORED),
            companyId,
            cityId: l.cityId,
            lessorId: l.lessorId,
            rentalPercentageBp: toBp(l.rentalPercentage),
          })),
        )
        .returning()),
    );
  }
  await recordCreates(tx, ctx, 'locations', created);
  return created.length;
}

/**
 * Locations from a file into a company: the preview (`confirm` false, nothing written), or the valid
 * rows written in one transaction with their audit entries and the import's record.
 */
export const importLocations = importOf({ kind: 'locations', check, valid: (row) => row.location, write, failure: failureOf });
