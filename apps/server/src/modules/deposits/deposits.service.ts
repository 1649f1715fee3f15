import {
  type Deposit,
  type DepositPatch,
  type DepositVerification,
  identity,
  iri,
  outsideTolerance as isOutsideTolerance,
  parseIri,
} from '@kovanica/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
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

export interface DepositsService extends Pick<CrudService<Deposit, never, DepositPatch>, 'list' | 'get'> {
  /** Records what was counted; a verified deposit is read-only. */
  report(ctx: RequestContext, id: number, input: DepositPatch): Promise<Deposit | null>;
  /** Verifies all the given deposits or none. */
  verify(ctx: RequestContext, input: DepositVerification): Promise<number>;
}

export function depositsService(db: Db): DepositsService {
  const reads = tableReads(db, deposits, { company: deposits.companyId, extras: depositExtras, toItem: toDeposit });
  return {
    list: reads.list,
    get: reads.get,
    async report(ctx, id, input) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      if (current.verifiedAt) throw new DomainError(409, 'deposit_verified');
      // The count and its audit row commit together (decision 0028); the row locked against a verifier.
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
        if (before?.verifiedAt) throw new DomainError(409, 'deposit_verified');
        const [after] = await tx
          .update(deposits)
          .set({
            depositCoinsCents: input.depositCoinsCents,
            depositTokens: input.depositTokens,
            ...(input.note !== undefined ? { note: input.note } : {}),
            reportedById: ctx.actor.userId,
            reportedAt: new Date(),
          })
          .where(and(eq(deposits.id, id), eq(deposits.companyId, current.companyId)))
          .returning();
        if (before && after)
          await recordChange(tx, ctx, {
            resource: 'deposits',
            recordId: id,
            companyId: current.companyId,
            action: 'report',
            before,
            after,
          });
      });
      return toDeposit((await reads.find(ctx, id, null)) as Row);
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
