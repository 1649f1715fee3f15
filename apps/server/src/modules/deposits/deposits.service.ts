import {
  type Deposit,
  type DepositPatch,
  type DepositVerification,
  depositETag,
  formatDateTime,
  formatMoney,
  identity,
  iri,
  outsideTolerance as isOutsideTolerance,
  parseIri,
} from '@kovanica/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid, notFound } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type RowWith, selectOne } from '../../db/paging.ts';
import { deposits } from '../../db/schema/index.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { depositExtras } from './deposits.queries.ts';

type Row = RowWith<typeof deposits, ReturnType<typeof depositExtras>>;

const outsideTolerance = (row: Row) => isOutsideTolerance(row, row.tokenValueCents, row.toleranceCents);

export function toDeposit(row: Row): Deposit {
  const counted = row.depositCoinsCents !== null && row.depositTokens !== null;
  return {
    ...identity('deposits', 'Deposit', row.id),
    company: iri('companies', row.companyId),
    device: iri('devices', row.deviceId),
    deviceName: row.deviceName,
    location: row.locationId === null ? null : iri('locations', row.locationId),
    locationName: row.locationName,
    at: row.at.toISOString(),
    reportedCoinsCents: row.reportedCoinsCents,
    reportedTokens: row.reportedTokens,
    depositCoinsCents: row.depositCoinsCents,
    depositTokens: row.depositTokens,
    differenceCoinsCents: counted ? (row.depositCoinsCents ?? 0) - row.reportedCoinsCents : null,
    differenceTokens: counted ? (row.depositTokens ?? 0) - row.reportedTokens : null,
    outsideTolerance: outsideTolerance(row),
    note: row.note,
    verificationNote: row.verificationNote,
    status: row.verifiedAt ? 'verified' : counted ? 'pending_verification' : 'awaiting_count',
    reportedByName: row.reportedByName,
    reportedAt: row.reportedAt?.toISOString() ?? null,
    verifiedByName: row.verifiedByName,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** What may come with a count besides its figures (docs/api.md "Idempotency-Key", "If-Match"). */
export interface CountOptions {
  /** The count's Idempotency-Key: stored with it; the same key again writes nothing. */
  key?: string | null;
  /** The client's If-Match: the deposit's ETag when it was read (`*`: any); another answers 412. */
  ifMatch?: string | null;
  now?: Date;
}

/** Whether an If-Match header names the current entity tag (a list of tags, or `*`). */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  return ifMatch
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag);
}

/** A deposit of the company read in the caller's transaction, with its names, as the API gives it. */
async function depositIn(tx: Tx, id: number): Promise<Deposit> {
  const row = (await selectOne(tx, deposits, id, undefined, depositExtras())) as Row | undefined;
  if (!row) throw notFound();
  return toDeposit(row);
}

/**
 * Records what a worker counted into a deposit of the company, in the caller's transaction (the count's
 * one way: `PATCH /deposits/{id}` and a stop done with its count both come here; docs/rules.md "Visits").
 * The row is locked against a verifier and another count. The same Idempotency-Key as the count stored:
 * nothing written (`replayed`), whatever changed since. A stale If-Match: 412 `deposit_changed` naming
 * who counted it, when and what, nothing written. A verified deposit: 409. Else the figures, the note
 * (when sent), who and when, the key, and the audit entry `report`.
 */
export async function reportCount(
  tx: Tx,
  ctx: RequestContext,
  id: number,
  companyId: number,
  input: DepositPatch,
  options: CountOptions = {},
): Promise<{ replayed: boolean }> {
  const [before] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.companyId, companyId)))
    .for('update');
  if (!before) throw notFound();
  if (options.key && before.reportKey === options.key) return { replayed: true };
  if (options.ifMatch) {
    const current = await depositIn(tx, id);
    const etag = depositETag(current);
    if (!ifMatchHolds(options.ifMatch, etag)) throw depositChanged(current, etag);
  }
  if (before.verifiedAt) throw new DomainError(409, 'deposit_verified');
  const [after] = await tx
    .update(deposits)
    .set({
      depositCoinsCents: input.depositCoinsCents,
      depositTokens: input.depositTokens,
      ...(input.note !== undefined ? { note: input.note } : {}),
      reportedById: ctx.actor.userId,
      reportedAt: options.now ?? new Date(),
      // A count without a key keeps the last key sent: that phone's retry stays no conflict.
      ...(options.key ? { reportKey: options.key } : {}),
    })
    .where(eq(deposits.id, id))
    .returning();
  if (!after) throw notFound();
  await recordChange(tx, ctx, { resource: 'deposits', recordId: id, companyId, action: 'report', before, after });
  return { replayed: false };
}

/** The 412 of a count sent against a deposit that changed since it was read: who, when, what, as it is now. */
function depositChanged(d: Deposit, etag: string): DomainError {
  return new DomainError(
    412,
    'deposit_changed',
    {
      name: d.reportedByName ?? '—',
      at: d.reportedAt ? formatDateTime(d.reportedAt) : '—',
      coins: d.depositCoinsCents === null ? '—' : formatMoney(d.depositCoinsCents),
      tokens: d.depositTokens ?? '—',
    },
    [],
    { etag },
    {
      deposit: d['@id'],
      etag,
      depositStatus: d.status,
      depositCoinsCents: d.depositCoinsCents,
      depositTokens: d.depositTokens,
      note: d.note,
      reportedByName: d.reportedByName,
      reportedAt: d.reportedAt,
      verifiedByName: d.verifiedByName,
      verifiedAt: d.verifiedAt,
    },
  );
}

export interface DepositsService extends Pick<CrudService<Deposit, never, DepositPatch>, 'list' | 'get'> {
  /**
   * Records what was counted (`reportCount`); a verified deposit is read-only. `replayed`: the same
   * Idempotency-Key as the count stored, nothing written.
   */
  report(
    ctx: RequestContext,
    id: number,
    input: DepositPatch,
    options?: CountOptions,
  ): Promise<{ deposit: Deposit; replayed: boolean } | null>;
  /** Verifies all the given deposits or none. */
  verify(ctx: RequestContext, input: DepositVerification): Promise<number>;
}

export function depositsService(db: Db): DepositsService {
  const reads = tableReads(db, deposits, { company: deposits.companyId, extras: depositExtras, toItem: toDeposit });
  return {
    list: reads.list,
    get: reads.get,
    async report(ctx, id, input, options = {}) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      // The count and its audit row commit together (decision 0028).
      const { replayed } = await db.transaction((tx) => reportCount(tx, ctx, id, current.companyId, input, options));
      return { deposit: toDeposit((await reads.find(ctx, id, null)) as Row), replayed };
    },
    async verify(ctx, input) {
      const ids = input.deposits.map((v) => parseIri('deposits', v) as number);
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(deposits)
          .where(and(inArray(deposits.id, ids), reads.scope(ctx.visible)))
          .for('update');
        const byId = new Map(rows.map((r) => [r.id, r]));
        const checked: { id: number; verificationNote: string | null }[] = [];
        for (const [i, id] of ids.entries()) {
          const row = byId.get(id);
          const path = `deposits.${i}`;
          if (!row) throw invalid(path, 'reference');
          // Not tableReads: read in the verifying transaction (`tx`, the rows locked above); `reads.find` reads outside it.
          const full = (await selectOne(tx, deposits, id, undefined, depositExtras())) as Row;
          if (row.verifiedAt) throw invalid(path, 'deposit_verified');
          if (row.depositCoinsCents === null) throw invalid(path, 'deposit_not_counted');
          // The verifier's own words: the worker's note (kept as reported) does not stand in for them.
          const verificationNote = input.notes?.[iri('deposits', id)] ?? null;
          if (outsideTolerance(full) && !verificationNote) throw invalid(path, 'note_required');
          checked.push({ id, verificationNote });
        }
        const now = new Date();
        for (const { id, verificationNote } of checked) {
          const [after] = await tx
            .update(deposits)
            .set({ verifiedById: ctx.actor.userId, verifiedAt: now, verificationNote })
            .where(eq(deposits.id, id))
            .returning();
          const before = byId.get(id);
          if (before && after)
            await recordChange(tx, ctx, {
              resource: 'deposits',
              recordId: id,
              companyId: before.companyId,
              action: 'verify',
              before,
              after,
            });
        }
        return checked.length;
      });
    },
  };
}
