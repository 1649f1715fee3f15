import {
  type Article,
  type ArticleCreate,
  type ArticlePatch,
  DEFAULT_VAT_RATE,
  grossFromNet,
  identity,
  iri,
  pricePair,
  type ValidationCode,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import { targetCompanyId } from '../../db/references.ts';
import { type ArticleRow, articles } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
import { articleDependents } from './articles.queries.ts';

export function toArticle(row: ArticleRow): Article {
  const average = row.averageCostCents;
  return {
    ...identity('articles', 'Article', row.id),
    company: iri('companies', row.companyId),
    name: row.name,
    unit: row.unit,
    supplier: row.supplier,
    vatRate: fromBp(row.vatRateBp) ?? DEFAULT_VAT_RATE,
    purchaseNetCents: row.purchaseNetCents,
    purchaseGrossCents: row.purchaseGrossCents,
    sellingNetCents: row.sellingNetCents,
    sellingGrossCents: row.sellingGrossCents,
    averagePurchasePriceCents: average === null ? null : Math.round(average),
    quantityInStock: row.quantity,
    stockValueCents: average === null ? 0 : Math.round(row.quantity * average),
    createdAt: row.createdAt.toISOString(),
  };
}

type Prices = Pick<ArticlePatch, 'purchaseNetCents' | 'purchaseGrossCents' | 'sellingNetCents' | 'sellingGrossCents'>;
type StoredPrices = Pick<ArticleRow, 'purchaseNetCents' | 'sellingNetCents'>;

/**
 * The price columns a write sets (docs/rules.md, "Stock"): for each pair, what was sent completed
 * at the VAT rate; with a new rate and nothing sent for a pair, its gross is recomputed from the
 * stored net. Both pairs are checked before anything is refused, so the 422 names every mismatch.
 */
function priceColumns(input: Prices, vatRate: number, rateChanged: boolean, stored: StoredPrices | null) {
  const violations: { propertyPath: string; code: ValidationCode }[] = [];
  const pair = (prefix: 'purchase' | 'selling') => {
    const net = input[`${prefix}NetCents`];
    const gross = input[`${prefix}GrossCents`];
    const result = pricePair(net, gross, vatRate);
    if (result === 'mismatch') {
      violations.push({ propertyPath: `${prefix}GrossCents`, code: 'net_gross_mismatch' });
      return {};
    }
    if (result) return { [`${prefix}NetCents`]: result.net, [`${prefix}GrossCents`]: result.gross };
    const storedNet = stored?.[`${prefix}NetCents`] ?? null;
    if (rateChanged && storedNet !== null) return { [`${prefix}GrossCents`]: grossFromNet(storedNet, vatRate) };
    return {};
  };
  const columns = { ...pair('purchase'), ...pair('selling') } as Partial<Pick<ArticleRow, keyof Prices>>;
  if (violations.length) throw new DomainError(422, 'validation', {}, violations);
  return columns;
}

export function articlesService(db: Db): CrudService<Article, ArticleCreate, ArticlePatch> {
  const reads = tableReads(db, articles, { company: articles.companyId, toItem: toArticle });
  const uniqueName = <T>(work: () => Promise<T>) => uniqueFields({ articles_company_name_key: 'name' }, work);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const vatRate = input.vatRate ?? DEFAULT_VAT_RATE;
      const prices = priceColumns(input, vatRate, false, null);
      const companyId = await targetCompanyId(db, ctx, input.company);
      const [row] = await uniqueName(() =>
        db
          .insert(articles)
          .values({
            ...prices,
            companyId,
            name: input.name,
            unit: input.unit,
            supplier: input.supplier ?? null,
            vatRateBp: toBp(vatRate) ?? 2500,
          })
          .returning({ id: articles.id }),
      );
      return toArticle((await reads.find(ctx, row?.id ?? 0, null)) as ArticleRow);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const vatRate = patch.vatRate ?? fromBp(current.vatRateBp) ?? DEFAULT_VAT_RATE;
      const rateChanged = patch.vatRate !== undefined && toBp(patch.vatRate) !== current.vatRateBp;
      const prices = priceColumns(patch, vatRate, rateChanged, current);
      await uniqueName(() =>
        db
          .update(articles)
          .set({
            ...defined({ name: patch.name, unit: patch.unit, supplier: patch.supplier, vatRateBp: toBp(patch.vatRate) ?? undefined }),
            ...prices,
            updatedAt: new Date(),
          })
          .where(eq(articles.id, id)),
      );
      return reads.get(ctx, id);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => articleDependents(db, id),
        () => db.delete(articles).where(eq(articles.id, id)),
      );
      return true;
    },
  };
}
