import { identity, iri, type Repository, type RepositoryCreate, type RepositoryPatch, type StockLevel } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, targetCompanyId } from '../../db/references.ts';
import { repositories, users } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { repositoryDependents, repositoryExtras, stockOf } from './repositories.queries.ts';

type Row = RowWith<typeof repositories, ReturnType<typeof repositoryExtras>>;

export function toRepository(row: Row): Repository {
  return {
    ...identity('repositories', 'Repository', row.id),
    company: iri('companies', row.companyId),
    type: row.type,
    name: row.name,
    responsibleWorker: row.responsibleWorkerId === null ? null : iri('users', row.responsibleWorkerId),
    responsibleWorkerName: row.responsibleWorkerName,
    address: row.address,
    articlesInStock: row.articlesInStock,
    unitsInStock: row.unitsInStock,
    stockValueCents: row.stockValueCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface RepositoriesService extends CrudService<Repository, RepositoryCreate, RepositoryPatch> {
  /** What the repository holds, or null when the caller cannot see it. */
  stock(ctx: RequestContext, id: number): Promise<StockLevel[] | null>;
}

export function repositoriesService(db: Db): RepositoriesService {
  const reads = tableReads(db, repositories, { company: repositories.companyId, extras: repositoryExtras, toItem: toRepository });
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ repositories_company_name_key: 'name' }, work);
  /** The responsible worker: a user of the repository's company. */
  const responsible = async (ctx: RequestContext, companyId: number, value: string | null | undefined) =>
    value === undefined || value === null
      ? value
      : (await resolveRef(db, ctx, { table: users, collection: 'users', field: 'responsibleWorker', companyId }, value)).id;

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const responsibleWorkerId = (await responsible(ctx, companyId, input.responsibleWorker)) ?? null;
      const [row] = await uniqueName(() =>
        db
          .insert(repositories)
          .values({ companyId, type: input.type, name: input.name, responsibleWorkerId, address: input.address ?? null })
          .returning({ id: repositories.id }),
      );
      return toRepository((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const responsibleWorkerId = await responsible(ctx, current.companyId, patch.responsibleWorker);
      await uniqueName(() =>
        db
          .update(repositories)
          .set({ ...defined({ type: patch.type, name: patch.name, responsibleWorkerId, address: patch.address }), updatedAt: new Date() })
          .where(eq(repositories.id, id)),
      );
      return reads.get(ctx, id);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => repositoryDependents(db, id),
        () => db.delete(repositories).where(eq(repositories.id, id)),
      );
      return true;
    },
    async stock(ctx, id) {
      if (!(await reads.find(ctx, id))) return null;
      return (await stockOf(db, id)).map((r) => ({
        article: iri('articles', r.articleId),
        articleName: r.articleName,
        unit: r.unit,
        quantity: r.quantity,
        averagePurchasePriceCents: r.averageCostCents === null ? null : Math.round(r.averageCostCents),
        valueCents: r.averageCostCents === null ? 0 : Math.round(r.quantity * r.averageCostCents),
      }));
    },
  };
}
