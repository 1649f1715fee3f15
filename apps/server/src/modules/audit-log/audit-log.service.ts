import { type AuditAction, type AuditEntry, type AuditedResource, type AuditValues, identity, iri } from '@kovanica/contract';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type AuditNames, auditNames } from './audit-log.names.ts';

/** One change to record: the record, what was done, and the record's fields before and after. */
export interface AuditChange {
  resource: AuditedResource;
  recordId: number;
  /** The company whose record it is (null: a row of no company). */
  companyId: number | null;
  action: AuditAction;
  /** The record before the change (a database row or its wire form); null or absent for a create. */
  before?: object | null;
  /** The record after the change; null or absent for a delete. */
  after?: object | null;
  /** When the change was made: now unless given (the demo's past changes). */
  at?: Date;
}

/** Who made a change: a request's context, or a machine credential (logger, terminal, app) by name. */
export type AuditActor = Pick<RequestContext, 'actor' | 'ip'> | { machine: string; ip: string | null };

/** Fields whose values never reach the trail: a changed secret shows as `[redacted]` before and after. */
const SECRET = /(Hash|Sealed|Secret|password)$/;
/**
 * Bookkeeping columns that change with every write and say nothing a reader needs; a client's
 * Idempotency-Key kept with a deposit's count (`reportKey`) is the client's, no fact of the record.
 */
const NOISE = new Set(['updatedAt', 'sessionEpoch', 'reportKey']);
export const REDACTED = '[redacted]';

/** A row as JSON values: dates as ISO strings, secrets redacted, bookkeeping dropped. */
export function auditValuesOf(row: object): AuditValues {
  const out: AuditValues = {};
  for (const [key, value] of Object.entries(row)) {
    if (NOISE.has(key) || key === '@id' || key === '@type') continue;
    out[key] = SECRET.test(key) && value !== null ? REDACTED : jsonValue(value);
  }
  return out;
}

const jsonValue = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (value === undefined) return null;
  return value === null || typeof value !== 'object' ? value : JSON.parse(JSON.stringify(value));
};

/**
 * The fields of an update that changed, before and after; a field present on one side only counts
 * as changed. Null when nothing changed (nothing is recorded then).
 */
export function changedFields(before: object, after: object): { before: AuditValues; after: AuditValues } | null {
  const a = auditValuesOf(before);
  const b = auditValuesOf(after);
  const was: AuditValues = {};
  const is: AuditValues = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = key in a ? a[key] : null;
    const y = key in b ? b[key] : null;
    if (JSON.stringify(x) === JSON.stringify(y) && !(x === REDACTED && SECRET.test(key) && secretChanged(before, after, key))) continue;
    was[key] = x;
    is[key] = y;
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}

const secretChanged = (before: object, after: object, key: string) =>
  (before as Record<string, unknown>)[key] !== (after as Record<string, unknown>)[key];

/** The trail's row of one change, or null when an update changed nothing. */
function auditRow(who: AuditActor, change: AuditChange): typeof auditLog.$inferInsert | null {
  let before: AuditValues | null = change.before ? auditValuesOf(change.before) : null;
  let after: AuditValues | null = change.after ? auditValuesOf(change.after) : null;
  if (change.before && change.after) {
    const diff = changedFields(change.before, change.after);
    if (!diff) return null;
    ({ before, after } = diff);
  }
  return {
    companyId: change.companyId,
    resource: change.resource,
    recordId: change.recordId,
    action: change.action,
    userId: 'machine' in who ? null : who.actor.userId,
    actor: 'machine' in who ? who.machine : who.actor.email,
    ip: who.ip,
    ...(change.at ? { at: change.at } : {}),
    before,
    after,
  };
}

/**
 * Records a change in the audit trail (decision 0028). Call it with the transaction that makes the
 * change: the change and its row commit together or not at all. An update that changed nothing
 * records nothing. Returns the new row's id (null when nothing was recorded).
 */
export async function recordChange(tx: Tx | Db, who: AuditActor, change: AuditChange): Promise<number | null> {
  const values = auditRow(who, change);
  if (!values) return null;
  const [row] = await tx.insert(auditLog).values(values).returning({ id: auditLog.id });
  return row?.id ?? null;
}

/**
 * Records many changes at once, each with its own author, in statements of a few hundred rows: the
 * same rows `recordChange` writes one by one (an import's creates, the demo's past changes).
 */
export async function recordChanges(tx: Tx | Db, changes: readonly (AuditChange & { who: AuditActor })[]): Promise<void> {
  const rows = changes.flatMap(({ who, ...change }) => auditRow(who, change) ?? []);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(auditLog).values(rows.slice(i, i + 500));
}

/** Records the creation of many records of one resource at once (an import, decision 0027). */
export function recordCreates(
  tx: Tx | Db,
  who: AuditActor,
  resource: AuditedResource,
  rows: readonly (object & { id: number; companyId: number | null })[],
): Promise<void> {
  return recordChanges(
    tx,
    rows.map((row) => ({ who, resource, recordId: row.id, companyId: row.companyId, action: 'create' as const, after: row })),
  );
}

type Row = typeof auditLog.$inferSelect;

function toEntry(row: Row, names: AuditNames): AuditEntry {
  return {
    ...identity('audit-log', 'AuditEntry', row.id),
    company: row.companyId === null ? null : iri('companies', row.companyId),
    resource: row.resource,
    recordId: row.recordId,
    action: row.action,
    user: row.userId === null ? null : iri('users', row.userId),
    actor: row.actor,
    ip: row.ip,
    at: row.at.toISOString(),
    before: row.before,
    after: row.after,
    names,
  };
}

/** Entries with the names of the records they refer to, as `companies` (the reader's) may see them. */
async function entriesOf(db: Db, companies: readonly number[] | null, rows: Row[]): Promise<AuditEntry[]> {
  const names = await auditNames(db, companies, rows);
  return rows.map((row, i) => toEntry(row, names[i] ?? {}));
}

/** The trail, read: admins every company's (and rows of no company), managers their view's companies. */
export function auditLogService(db: Db): Pick<CrudService<AuditEntry, never, never>, 'list' | 'get'> {
  // The rows as stored: their names are read after them, for the whole page at once (`entriesOf`).
  const reads = tableReads(db, auditLog, { company: auditLog.companyId, toItem: (row) => row });
  return {
    async list(ctx, query) {
      const { items: rows, total, next } = await reads.list(ctx, query);
      return { items: await entriesOf(db, ctx.listed, rows), total, next };
    },
    async get(ctx, id) {
      const row = await reads.find(ctx, id);
      return row ? ((await entriesOf(db, ctx.visible, [row]))[0] ?? null) : null;
    },
  };
}
