import { identity, iri, type PosOwner, type PosOwnerCreate, type PosOwnerPatch } from '@kovanica/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { targetCompanyId } from '../../db/references.ts';
import { posOwners } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import type { CrudService } from '../../http/crud.ts';
import { inCompanies } from '../../http/tenancy.ts';
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
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(posOwners.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, posOwners, id, scope(ids), posOwnerExtras());

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, posOwners, scope(ctx.listed), query, posOwnerExtras());
      return { items: rows.map(toPosOwner), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toPosOwner(row) : null;
    },
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await db
        .insert(posOwners)
        .values({ ...columnsOf(input), companyId, name: input.name, oib: input.oib })
        .returning({ id: posOwners.id });
      return toPosOwner((await find(row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      if (!(await find(id, ctx.visible))) return null;
      await db
        .update(posOwners)
        .set({ ...columnsOf(patch), updatedAt: new Date() })
        .where(eq(posOwners.id, id));
      return toPosOwner((await find(id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await find(id, ctx.visible))) return false;
      await refuseInUse(
        () => posOwnerDependents(db, id),
        () => db.delete(posOwners).where(eq(posOwners.id, id)),
      );
      return true;
    },
  };
}
