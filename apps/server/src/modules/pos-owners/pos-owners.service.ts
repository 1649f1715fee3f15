import { identity, iri, type PosOwner, type PosOwnerCreate, type PosOwnerPatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { posOwners } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { posOwnerDependents, posOwnerExtras } from './pos-owners.queries.ts';

type Row = RowWith<typeof posOwners, ReturnType<typeof posOwnerExtras>>;

export function toPosOwner(row: Row): PosOwner {
  return {
    ...identity('pos-owners', 'PosOwner', row.id),
    company: iri('companies', row.companyId),
    name: row.name,
    oib: row.oib,
    email: row.email,
    phone: row.phone,
    address: row.address,
    locationsCount: row.locationsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (input: PosOwnerPatch) =>
  defined({ name: input.name, oib: input.oib, email: input.email, phone: input.phone, address: input.address });

export function posOwnersService(db: Db): CrudService<PosOwner, PosOwnerCreate, PosOwnerPatch> {
  const reads = tableReads(db, posOwners, { company: posOwners.companyId, extras: posOwnerExtras, toItem: toPosOwner });

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await db
        .insert(posOwners)
        .values({ ...columnsOf(input), companyId, name: input.name, oib: input.oib })
        .returning({ id: posOwners.id });
      return toPosOwner((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      if (!(await reads.find(ctx, id))) return null;
      await db
        .update(posOwners)
        .set({ ...columnsOf(patch), updatedAt: new Date() })
        .where(eq(posOwners.id, id));
      return toPosOwner((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => posOwnerDependents(db, id),
        () => db.delete(posOwners).where(eq(posOwners.id, id)),
      );
      return true;
    },
  };
}
