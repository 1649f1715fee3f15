import { identity, iri, type Movement, type MovementCreate, type MovementReverse, type PrizeStock, parseInstant } from '@kovanica/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { articles, auditSales, devices, repositories, stockMovements } from '../../db/schema/index.ts';
import { bookMovement, type MovementPlan, movementExtras, prizeLoads, prizeTotals, type Shortage } from './movements.queries.ts';

// The reports add up the movements' values as the list shows them (the company report's prize cost); the
// planograms book a machine audit's sales (kind `sale`) as every movement is booked (docs/rules.md "Planograms and audit sales").
export { bookMovement, movementValue } from './movements.queries.ts';

/**
 * The prizes left in each prize device of the companies that was loaded at least once, as its prize
 * stock shows them (loaded less paid out): the alarms' low-stock kind reads it.
 */
export async function prizeStockLeft(db: Db, companyIds: readonly number[]) {
  const totals = await prizeTotals(db, and(eq(devices.group, 'prize_device'), inCompanies(devices.companyId, companyIds)) as SQL);
  const loads = await prizeLoads(
    db,
    totals.map((t) => t.deviceId),
  );
  const loaded = new Map<number, number>();
  for (const l of loads) loaded.set(l.deviceId, (loaded.get(l.deviceId) ?? 0) + l.loaded);
  return totals
    .filter((t) => t.firstAt !== null || (loaded.get(t.deviceId) ?? 0) > 0)
    .map((t) => ({
      deviceId: t.deviceId,
      companyId: t.companyId,
      locationId: t.locationId,
      left: (loaded.get(t.deviceId) ?? 0) - t.paidOut,
    }));
}

type Row = RowWith<typeof stockMovements, ReturnType<typeof movementExtras>>;
const ref = (collection: string, id: number | null) => (id === null ? null : iri(collection, id));

export function toMovement(row: Row): Movement {
  return {
    ...identity('movements', 'Movement', row.id),
    company: iri('companies', row.companyId),
    kind: row.kind,
    article: iri('articles', row.articleId),
    articleName: row.articleName,
    unit: row.unit,
    quantity: row.quantity,
    fromRepository: ref('repositories', row.fromRepositoryId),
    fromRepositoryName: row.fromRepositoryName,
    toRepository: ref('repositories', row.toRepositoryId),
    toRepositoryName: row.toRepositoryName,
    device: ref('devices', row.deviceId),
    deviceName: row.deviceName,
    unitPriceCents: row.unitPriceCents === null ? null : Math.round(row.unitPriceCents),
    valueCents: row.valueCents ?? null,
    supplier: row.supplier,
    reason: row.reason,
    note: row.note,
    at: row.at.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: ref('users', row.createdById),
    createdByName: row.createdByName,
    reverses: ref('movements', row.reversesId),
    reversedBy: ref('movements', row.reversedById),
    clientKey: row.clientKey,
  };
}

export interface MovementsService extends Pick<CrudService<Movement, MovementCreate, never>, 'list' | 'get' | 'create'> {
  /** Books the opposite of a movement, once; null when the caller cannot see it. */
  reverse(ctx: RequestContext, id: number, input: MovementReverse): Promise<Movement | null>;
  /** A device's prizes; null when the caller cannot see the device. */
  prizeStock(ctx: RequestContext, deviceId: number): Promise<PrizeStock | null>;
  /** Every prize device of the view, fewest prizes left first. */
  prizeStocks(ctx: RequestContext): Promise<PrizeStock[]>;
}

/** Is a stored movement what this plan would book (a retried request)? */
const samePlan = (row: Row, plan: MovementPlan) =>
  row.kind === plan.kind &&
  row.articleId === plan.articleId &&
  row.quantity === plan.quantity &&
  row.fromRepositoryId === plan.fromRepositoryId &&
  row.toRepositoryId === plan.toRepositoryId &&
  row.deviceId === plan.deviceId &&
  row.reversesId === plan.reversesId;

// Long because: the service's methods share the database, the reads and the booking helpers by closure; each method is short.
export function movementsService(db: Db): MovementsService {
  const reads = tableReads(db, stockMovements, { company: stockMovements.companyId, extras: movementExtras, toItem: toMovement });
  const byClientKey = async (ctx: RequestContext, companyId: number, key: string) => {
    const [row] = await db
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(and(eq(stockMovements.companyId, companyId), eq(stockMovements.clientKey, key)));
    return row ? ((await reads.find(ctx, row.id, null)) as Row) : undefined;
  };

  /** `at` as given (not in the future) or now. */
  const timeOf = (value: string | undefined) => {
    const now = new Date();
    if (value === undefined) return now;
    const at = parseInstant(value) as Date; // the contract's `zInstant` checked it
    if (at.getTime() > now.getTime()) throw invalid('at', 'in_future');
    return at;
  };

  /**
   * Books the plan, or answers the movement a retried request booked before (same client key, same
   * movement); the key used for another movement is a 422. Two retries racing each other: the
   * unique key lets one book, the other answers what it booked.
   */
  const bookOnce = async (
    ctx: RequestContext,
    plan: MovementPlan,
    refuse: (s: Shortage) => Error,
    onConflict: (constraint: string) => Promise<never>,
  ) => {
    const replay = async (existing: Row | undefined) => {
      if (existing && samePlan(existing, plan)) return toMovement(existing);
      throw invalid('clientKey', 'client_key_reused');
    };
    if (plan.clientKey !== null) {
      const existing = await byClientKey(ctx, plan.companyId, plan.clientKey);
      if (existing) return replay(existing);
    }
    try {
      const id = await bookMovement(db, plan, refuse, ctx);
      return toMovement((await reads.find(ctx, id, null)) as Row);
    } catch (error) {
      const { code, constraint } = pgError(error);
      if (code !== '23505' || !constraint) throw error;
      if (constraint === 'stock_movements_client_key' && plan.clientKey !== null)
        return replay(await byClientKey(ctx, plan.companyId, plan.clientKey));
      return onConflict(constraint);
    }
  };

  const alreadyReversed = async (ctx: RequestContext, id: number): Promise<never> => {
    const row = await reads.find(ctx, id, null);
    throw new DomainError(409, 'already_reversed', { reversal: ref('movements', row?.reversedById ?? null) ?? '' });
  };

  /**
   * A sale is booked from a machine audit's counters (docs/rules.md "Planograms and audit sales"), never
   * by hand, so no one reverses it: 422 naming the audit.
   */
  const refuseAuditSale = async (id: number): Promise<never> => {
    const [sale] = await db.select({ auditId: auditSales.auditId }).from(auditSales).where(eq(auditSales.movementId, id)).limit(1);
    throw new DomainError(422, 'audit_sale_not_reversible', { audit: sale ? iri('machine-audits', sale.auditId) : '—' });
  };

  const prizeStocksOf = async (where: SQL): Promise<PrizeStock[]> => {
    const totals = await prizeTotals(db, where);
    const loads = await prizeLoads(
      db,
      totals.map((t) => t.deviceId),
    );
    return totals.map((t) => {
      const articles = loads
        .filter((l) => l.deviceId === t.deviceId)
        .map((l) => ({
          article: iri('articles', l.articleId),
          articleName: l.articleName,
          unit: l.unit,
          loaded: l.loaded,
          lastLoadAt: l.lastLoadAt,
        }));
      const loaded = articles.reduce((sum, a) => sum + a.loaded, 0);
      return {
        '@id': `${iri('devices', t.deviceId)}/prize-stock`,
        '@type': 'PrizeStock',
        device: iri('devices', t.deviceId),
        deviceName: t.deviceName,
        location: ref('locations', t.locationId),
        locationName: t.locationName,
        firstLoadAt: t.firstAt,
        loaded,
        paidOut: t.paidOut,
        left: loaded - t.paidOut,
        articles,
      };
    });
  };

  return {
    list: reads.list,
    get: reads.get,

    async create(ctx, input) {
      // The movement belongs to the article's company; every other row it names must be of that company.
      const article = await resolveRef(db, ctx, { table: articles, collection: 'articles', field: 'article' }, input.article);
      const { companyId } = article;
      const repository = async (field: string, value: string | undefined) =>
        value === undefined
          ? null
          : (await resolveRef(db, ctx, { table: repositories, collection: 'repositories', field, companyId }, value)).id;
      let fromRepositoryId = await repository('fromRepository', input.fromRepository);
      let toRepositoryId = await repository('toRepository', input.toRepository);
      const counted = await repository('repository', input.repository);
      if (input.kind === 'adjustment') {
        // A count adjustment adds to the repository or takes from it, by its sign.
        if (input.quantity > 0) toRepositoryId = counted;
        else fromRepositoryId = counted;
      }
      let deviceId: number | null = null;
      if (input.device !== undefined) {
        const device = await resolveRef(db, ctx, { table: devices, collection: 'devices', field: 'device', companyId }, input.device);
        if (device.group !== 'prize_device') throw invalid('device', 'not_prize_device');
        deviceId = device.id;
      }
      let unitPriceCents: number | null = null;
      if (input.kind === 'receipt') {
        unitPriceCents = input.unitPriceCents ?? article.purchaseNetCents;
        if (unitPriceCents === null) throw invalid('unitPriceCents', 'required');
      }
      const plan: MovementPlan = {
        companyId,
        kind: input.kind,
        articleId: article.id,
        quantity: input.quantity,
        fromRepositoryId,
        toRepositoryId,
        deviceId,
        unitPriceCents,
        supplier: input.kind === 'receipt' ? (input.supplier === undefined ? article.supplier : input.supplier) : null,
        reason: input.reason ?? null,
        note: input.note || null,
        at: timeOf(input.at),
        createdById: ctx.actor.userId,
        reversesId: null,
        clientKey: input.clientKey ?? null,
      };
      const refuse = (s: Shortage) =>
        new DomainError(422, 'validation', {}, [{ propertyPath: 'quantity', code: 'insufficient_stock', params: { ...s } }]);
      return bookOnce(ctx, plan, refuse, async () => {
        throw new Error('unexpected unique violation');
      });
    },

    async reverse(ctx, id, input) {
      const original = await reads.find(ctx, id);
      if (!original) return null;
      if (original.reversesId !== null) throw new DomainError(409, 'reversal_not_reversible');
      if (original.kind === 'sale') return refuseAuditSale(id);
      const plan: MovementPlan = {
        companyId: original.companyId,
        kind: original.kind,
        articleId: original.articleId,
        // The same units back the other way; an adjustment's the other sign.
        quantity: original.kind === 'adjustment' ? -original.quantity : original.quantity,
        fromRepositoryId: original.toRepositoryId,
        toRepositoryId: original.fromRepositoryId,
        deviceId: original.deviceId,
        unitPriceCents: original.kind === 'receipt' ? original.unitPriceCents : null,
        supplier: original.supplier,
        reason: original.reason,
        note: input.note || null,
        at: timeOf(input.at),
        createdById: ctx.actor.userId,
        reversesId: original.id,
        clientKey: input.clientKey ?? null,
      };
      // A retried reversal (same client key) answers the reversal it booked.
      if (original.reversedById !== null) {
        const reversal = plan.clientKey === null ? undefined : await byClientKey(ctx, plan.companyId, plan.clientKey);
        if (reversal?.reversesId === original.id) return toMovement(reversal);
        return alreadyReversed(ctx, id);
      }
      const refuse = (s: Shortage) => new DomainError(409, 'insufficient_stock', { ...s });
      return bookOnce(ctx, plan, refuse, async (constraint) => {
        if (constraint === 'stock_movements_reverses_key') return alreadyReversed(ctx, id);
        throw new Error(`unexpected unique violation ${constraint}`);
      });
    },

    async prizeStock(ctx, deviceId) {
      const [stock] = await prizeStocksOf(and(eq(devices.id, deviceId), inCompanies(devices.companyId, ctx.visible)) as SQL);
      return stock ?? null;
    },
    async prizeStocks(ctx) {
      const stocks = await prizeStocksOf(and(eq(devices.group, 'prize_device'), inCompanies(devices.companyId, ctx.listed)) as SQL);
      return stocks.sort((a, b) => a.left - b.left);
    },
  };
}
