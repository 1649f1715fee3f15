import {
  addDays,
  businessDate,
  CONTRACT_ENDING_DAYS,
  type ContractState,
  identity,
  iri,
  type Lessor,
  type LessorCreate,
  type LessorPatch,
} from '@kovanica/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { lessors } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
import type { CrudService } from '../../http/crud.ts';
import { invalid } from '../../http/problems.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { lessorDependents, lessorExtras } from './lessors.queries.ts';

type Row = RowWith<typeof lessors, ReturnType<typeof lessorExtras>>;

/** Where a contract stands on a business day; "ending" is within the last 30 days (docs/rules.md "Master data", lessors). */
export function contractState(start: string | null, end: string | null, today = businessDate()): ContractState {
  if (!start && !end) return 'none';
  if (start && start > today) return 'future';
  if (end && end < today) return 'ended';
  if (end && end <= addDays(today, CONTRACT_ENDING_DAYS)) return 'ending';
  return 'active';
}

export function toLessor(row: Row): Lessor {
  return {
    ...identity('lessors', 'Lessor', row.id),
    company: iri('companies', row.companyId),
    name: row.name,
    oib: row.oib,
    contractStart: row.contractStart,
    contractEnd: row.contractEnd,
    rentalType: row.rentalType,
    paymentInsuranceCents: row.paymentInsuranceCents,
    rentalPercentage: fromBp(row.rentalPercentageBp),
    incomeLimitCents: row.incomeLimitCents,
    contractRentalAmountCents: row.contractRentalAmountCents,
    contractState: contractState(row.contractStart, row.contractEnd),
    locationsCount: row.locationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: LessorPatch) =>
  defined({
    name: input.name,
    oib: input.oib,
    contractStart: input.contractStart,
    contractEnd: input.contractEnd,
    rentalType: input.rentalType,
    paymentInsuranceCents: input.paymentInsuranceCents,
    rentalPercentageBp: toBp(input.rentalPercentage),
    incomeLimitCents: input.incomeLimitCents,
    contractRentalAmountCents: input.contractRentalAmountCents,
  });

export function lessorsService(db: Db): CrudService<Lessor, LessorCreate, LessorPatch> {
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(lessors.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, lessors, id, scope(ids), lessorExtras());

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, lessors, scope(ctx.listed), query, lessorExtras());
      return { items: rows.map(toLessor), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toLessor(row) : null;
    },
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(lessors)
          .values({ ...columnsOf(input), companyId, name: input.name, oib: input.oib, rentalType: input.rentalType })
          .returning();
        if (row) await recordChange(tx, ctx, { resource: 'lessors', recordId: row.id, companyId, action: 'create', after: row });
        return row;
      });
      return toLessor((await find(row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await find(id, ctx.visible);
      if (!current) return null;
      // The dates are checked together with the stored ones: a patch may name only one of them.
      const start = patch.contractStart === undefined ? current.contractStart : patch.contractStart;
      const end = patch.contractEnd === undefined ? current.contractEnd : patch.contractEnd;
      if (start && end && end < start) throw invalid('contractEnd', 'end_before_start');
      // The rent terms and their audit row commit together (decision 0028).
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(lessors).where(eq(lessors.id, id)).for('update');
        const [after] = await tx
          .update(lessors)
          .set({ ...columnsOf(patch), updatedAt: new Date() })
          .where(eq(lessors.id, id))
          .returning();
        if (before && after)
          await recordChange(tx, ctx, { resource: 'lessors', recordId: id, companyId: current.companyId, action: 'update', before, after });
      });
      return toLessor((await find(id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await find(id, ctx.visible))) return false;
      await refuseInUse(
        () => lessorDependents(db, id),
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.delete(lessors).where(eq(lessors.id, id)).returning();
            if (before)
              await recordChange(tx, ctx, { resource: 'lessors', recordId: id, companyId: before.companyId, action: 'delete', before });
          }),
      );
      return true;
    },
  };
}
