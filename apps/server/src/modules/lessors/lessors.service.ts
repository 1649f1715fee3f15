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
  lessorFieldsDescription,
  pickFields,
  storedFields,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { lessors } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
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

/** The fields kept as they are in the table's columns of the same name (the contract's description). */
const STORED = storedFields(lessorFieldsDescription);

export function toLessor(row: Row): Lessor {
  return {
    ...identity('lessors', 'Lessor', row.id),
    ...pickFields(row, STORED),
    company: iri('companies', row.companyId),
    rentalPercentage: fromBp(row.rentalPercentageBp),
    contractState: contractState(row.contractStart, row.contractEnd),
    locationsCount: row.locationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: LessorPatch) => defined({ ...pickFields(input, STORED), rentalPercentageBp: toBp(input.rentalPercentage) });

export function lessorsService(db: Db): CrudService<Lessor, LessorCreate, LessorPatch> {
  const reads = tableReads(db, lessors, { company: lessors.companyId, extras: lessorExtras, toItem: toLessor });

  return {
    list: reads.list,
    get: reads.get,
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
      return toLessor((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
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
      return toLessor((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
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
