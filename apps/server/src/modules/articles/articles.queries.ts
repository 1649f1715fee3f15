import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles, stockMovements } from '../../db/schema/index.ts';

export const articleColumns = {
  id: articles.id,
  name: articles.name,
  supplier: articles.supplier,
  unit: articles.unit,
  quantityInStock: articles.quantity,
  company: articles.companyId,
  createdAt: articles.createdAt,
};

/** An article with movements keeps them: they are the stock's history (and its stock levels'). */
export async function articleDependents(db: Db, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(stockMovements)
    .where(eq(stockMovements.articleId, id));
  return { movements: row?.n ?? 0 };
}
