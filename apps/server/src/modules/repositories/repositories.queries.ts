import { asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { articles, repositories, stockLevels, stockMovements, users } from '../../db/schema/index.ts';

export const repositoryColumns = {
  id: repositories.id,
  name: repositories.name,
  type: repositories.type,
  responsibleWorker: repositories.responsibleWorkerId,
  company: repositories.companyId,
  createdAt: repositories.createdAt,
};

/** The responsible worker's name and the stock summary, beside each repository. */
export const repositoryExtras = () => {
  // Joined tables: every column named with its table.
  const quantity = outer(stockLevels.quantity);
  const held = sql`from ${stockLevels} join ${articles} on ${outer(articles.id)} = ${outer(stockLevels.articleId)}
    where ${outer(stockLevels.repositoryId)} = ${outer(repositories.id)} and ${quantity} > 0`;
  return {
    responsibleWorkerName: sql<
      string | null
    >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(repositories.responsibleWorkerId)})`,
    articlesInStock: sql<number>`(select count(*) ${held})`.mapWith(Number),
    unitsInStock: sql<number>`(select coalesce(sum(${quantity}), 0) ${held})`.mapWith(Number),
    stockValueCents:
      sql<number>`(select coalesce(round(sum(${quantity} * coalesce(${outer(articles.averageCostCents)}, 0))), 0) ${held})`.mapWith(Number),
  };
};

/** What a repository holds, article by article (quantities above zero), by article name. */
export async function stockOf(db: Db, repositoryId: number) {
  return db
    .select({
      articleId: articles.id,
      articleName: articles.name,
      unit: articles.unit,
      quantity: stockLevels.quantity,
      averageCostCents: articles.averageCostCents,
    })
    .from(stockLevels)
    .innerJoin(articles, eq(articles.id, stockLevels.articleId))
    .where(sql`${stockLevels.repositoryId} = ${repositoryId} and ${gt(stockLevels.quantity, 0)}`)
    .orderBy(sql`lower(${articles.name})`, asc(articles.id));
}

/** A repository with movements keeps them (and so the stock levels they made). */
export async function repositoryDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(stockMovements)
    .where(or(eq(stockMovements.fromRepositoryId, id), eq(stockMovements.toRepositoryId, id)));
  return { movements: row?.n ?? 0 };
}
