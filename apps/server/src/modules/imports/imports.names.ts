import type { ProblemCode } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jsonList, type ReadRow, rowsOf } from './imports.pipeline.ts';

// References and names by name within a company, for the kinds whose rows name other records
// (locations, devices, transactions) or must not repeat a name the company has (locations, devices,
// which have no unique index on the name).

export const nameKey = (name: string) => name.trim().toLowerCase();

/** Ids by lower-cased name among the given names (more than one id: the name is ambiguous). */
export async function idsByName(db: Db | Tx, query: (names: ReturnType<typeof jsonList>) => ReturnType<typeof sql>, names: string[]) {
  const byName = new Map<string, number[]>();
  if (!names.length) return byName;
  for (const row of rowsOf<{ name: string; id: number }>(await db.execute(query(jsonList(names))))) {
    byName.set(row.name, [...(byName.get(row.name) ?? []), Number(row.id)]);
  }
  return byName;
}

/** The reference of a row by name: its id, or the row's error (`unknown`, or `name_ambiguous`). */
export function referenceOf<C extends string>(
  row: ReadRow<C>,
  column: C,
  byName: Map<string, number[]>,
  unknown: 'city_unknown' | 'lessor_unknown' | 'location_unknown' | 'logger_unknown',
): number | null | undefined {
  const value = row.values[column];
  if (!value) return null;
  const ids = byName.get(nameKey(value));
  if (!ids?.length) row.errors.push({ field: column, code: unknown, params: { value } });
  else if (ids.length > 1) row.errors.push({ field: column, code: 'name_ambiguous', params: { value } });
  else return ids[0];
  return undefined;
}

/** The tables whose names an import keeps unique within a company. */
type NamedTable = 'locations' | 'devices';

/** The lower-cased names of a file a company already has (each such row is refused as `unique`). */
export async function namesTaken(db: Db | Tx, table: NamedTable, companyId: number, names: string[]): Promise<Set<string>> {
  const byName = await idsByName(
    db,
    (list) => sql`select lower(name) as name, id from ${sql.identifier(table)} where company_id = ${companyId} and lower(name) in ${list}`,
    names,
  );
  return new Set(byName.keys());
}

/** A name taken between the check and the write: the import fails and says which. */
export class NameTaken extends Error {
  constructor(
    readonly table: NamedTable,
    readonly value: string,
  ) {
    super(`name taken: ${value}`);
  }
}

/**
 * Inside the write: two imports of a company's names wait for each other, and the names are checked
 * again (a form may have taken one since the preview); a taken name throws `NameTaken`.
 */
export async function claimNames(tx: Tx, table: NamedTable, companyId: number, names: string[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${table}`}), ${companyId})`);
  const [first] = rowsOf<{ name: string }>(
    await tx.execute(
      sql`select name from ${sql.identifier(table)} where company_id = ${companyId} and lower(name) in ${jsonList(names.map(nameKey))} limit 1`,
    ),
  );
  if (first) throw new NameTaken(table, first.name);
}

/** The failure of a write that met a taken name, as the import's record says it. */
export function nameTakenFailure(error: unknown, code: ProblemCode): { code: ProblemCode; params: Record<string, unknown> } | null {
  return error instanceof NameTaken ? { code, params: { value: error.value } } : null;
}
