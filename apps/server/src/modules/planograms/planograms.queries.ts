import type { MachineAuditCounters } from '@kovanica/contract';
import { iri, type PlanogramSelection } from '@kovanica/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { articles, machineAudits, planogramSelections, type StoredAuditProduct } from '../../db/schema/index.ts';

/** Selections in the machine's order: by name, the numbers in them as numbers ("2" before "10"). */
export const bySelection = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The selections of the devices with their articles, in the machine's order per device. */
export async function selectionsOf(db: Db | Tx, deviceIds: readonly number[]) {
  if (!deviceIds.length) return [];
  const rows = await db
    .select({
      deviceId: planogramSelections.deviceId,
      selection: planogramSelections.selection,
      articleId: planogramSelections.articleId,
      articleName: articles.name,
      updatedAt: planogramSelections.updatedAt,
    })
    .from(planogramSelections)
    .innerJoin(articles, eq(articles.id, planogramSelections.articleId))
    .where(inArray(planogramSelections.deviceId, [...deviceIds]))
    .orderBy(asc(planogramSelections.deviceId));
  return rows.sort((a, b) => a.deviceId - b.deviceId || bySelection(a.selection, b.selection));
}

/** A selection as the planogram's item shows it. */
export const toSelection = (row: { selection: string; articleId: number; articleName: string }): PlanogramSelection => ({
  selection: row.selection,
  article: iri('articles', row.articleId),
  articleName: row.articleName,
});

/** An audit with the one before it of the same device (null: the device's first), as the report reads them. */
export interface AuditPair {
  id: number;
  deviceId: number;
  auditedAt: Date;
  machineSerial: string | null;
  counters: MachineAuditCounters;
  products: StoredAuditProduct[];
  previousId: number | null;
  previousAuditedAt: string | null;
  previousSerial: string | null;
  previousCounters: MachineAuditCounters | null;
  previousProducts: StoredAuditProduct[] | null;
}

/**
 * The audits of devices (of `where`) made from `fromTs` to before `endTs`, each with the device's
 * audit before it (by time, then id), which may be older than `fromTs`.
 */
export async function auditPairs(db: Db, where: SQL | undefined, fromTs: SQL, endTs: SQL): Promise<AuditPair[]> {
  const a = machineAudits;
  const ordered = sql`partition by ${a.deviceId} order by ${a.auditedAt}, ${a.id}`;
  const inner = db
    .select({
      id: a.id,
      deviceId: sql<number>`${a.deviceId}`.as('device_id'),
      auditedAt: sql<Date>`${a.auditedAt}`.as('audited_at'),
      machineSerial: sql<string | null>`${a.machineSerial}`.as('machine_serial'),
      counters: sql<MachineAuditCounters>`${a.counters}`.as('counters'),
      products: sql<StoredAuditProduct[]>`${a.products}`.as('products'),
      previousId: sql<number | null>`lag(${a.id}) over (${ordered})`.as('previous_id'),
      previousAuditedAt: sql<
        string | null
      >`to_char(lag(${a.auditedAt}) over (${ordered}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('previous_audited_at'),
      previousSerial: sql<string | null>`lag(${a.machineSerial}) over (${ordered})`.as('previous_serial'),
      previousCounters: sql<MachineAuditCounters | null>`lag(${a.counters}) over (${ordered})`.as('previous_counters'),
      previousProducts: sql<StoredAuditProduct[] | null>`lag(${a.products}) over (${ordered})`.as('previous_products'),
    })
    .from(a)
    .where(and(sql`${a.deviceId} is not null`, where, sql`${a.auditedAt} < ${endTs}`))
    .as('pairs');
  const rows = await db.select().from(inner).where(sql`${inner.auditedAt} >= ${fromTs}`);
  return rows.map((r) => ({ ...r, deviceId: Number(r.deviceId), auditedAt: new Date(r.auditedAt) }));
}
