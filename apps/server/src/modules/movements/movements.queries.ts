import type { ArticleUnit, StockMovementKind } from '@kovanica/contract';
import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { type DerivedFilter, idsOf } from '../../core/collection.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outer } from '../../db/paging.ts';
import { articles, devices, locations, repositories, stockLevels, stockMovements, users } from '../../db/schema/index.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';

/** Every movement into or out of the given repositories. */
const eitherRepository: DerivedFilter = {
  derived: (values, param) => {
    const ids = idsOf(values, param);
    return sql`(${inArray(stockMovements.fromRepositoryId, ids)} or ${inArray(stockMovements.toRepositoryId, ids)})`;
  },
};

export const movementColumns = {
  id: stockMovements.id,
  kind: stockMovements.kind,
  article: stockMovements.articleId,
  device: stockMovements.deviceId,
  repository: eitherRepository,
  fromRepository: stockMovements.fromRepositoryId,
  toRepository: stockMovements.toRepositoryId,
  createdBy: stockMovements.createdById,
  at: stockMovements.at,
  createdAt: stockMovements.createdAt,
  company: stockMovements.companyId,
};

const nameOf = (table: typeof repositories | typeof devices, id: SQL) =>
  sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${id})`;

/**
 * A movement's value, of the row named `row`: its units at its exact net price (a reversal's at the
 * movement it undoes), to the cent. The movements list shows it; the company report's prize cost adds
 * up the issues' values less their reversals'.
 */
export const movementValue = (row: string) =>
  sql.raw(
    `round(${row}.quantity * coalesce((select o.unit_price_cents from stock_movements o where o.id = ${row}.reverses_id), ${row}.unit_price_cents))`,
  );

export const movementExtras = () => ({
  articleName: sql<string>`(select ${articles.name} from ${articles} where ${articles.id} = ${outer(stockMovements.articleId)})`,
  unit: sql<ArticleUnit>`(select ${articles.unit} from ${articles} where ${articles.id} = ${outer(stockMovements.articleId)})`,
  fromRepositoryName: nameOf(repositories, outer(stockMovements.fromRepositoryId)),
  toRepositoryName: nameOf(repositories, outer(stockMovements.toRepositoryId)),
  deviceName: nameOf(devices, outer(stockMovements.deviceId)),
  createdByName: sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${outer(stockMovements.createdById)})`,
  valueCents: sql<number | null>`${movementValue('stock_movements')}`.mapWith(Number),
  // The table under another name: its own name stays the outer row's.
  reversedById: sql<number | null>`(select r.id from ${stockMovements} r where r.reverses_id = ${outer(stockMovements.id)})`,
});

/** A movement to book: what `bookMovement` writes, with its effect on the stock. */
export interface MovementPlan {
  companyId: number;
  kind: StockMovementKind;
  articleId: number;
  /** Signed for an adjustment; its size is the units moved. */
  quantity: number;
  fromRepositoryId: number | null;
  toRepositoryId: number | null;
  deviceId: number | null;
  /** A receipt's price (and its reversal's); other kinds take the average purchase price. */
  unitPriceCents: number | null;
  supplier: string | null;
  reason: string | null;
  note: string | null;
  at: Date;
  /** Who booked it; null: the server, for a machine (an audit's sales from a gateway). */
  createdById: number | null;
  reversesId: number | null;
  clientKey: string | null;
}

/** Units short of a move: what the refusal names. */
export interface Shortage {
  article: string;
  repository: string;
  available: number;
  requested: number;
}

/**
 * Books a movement in one transaction: the stock levels it changes, the article's quantity and
 * average purchase price, and the movement row. Units are taken with a conditional update
 * (`quantity >= n`), which PostgreSQL re-checks against the committed row when it had to wait for a
 * concurrent move: no read-then-write, so stock never goes below zero. When units are short,
 * `refuse` makes the error thrown, and the transaction changes nothing.
 *
 * Lock order, the same in every move (no deadlocks): stock levels by repository id, then the
 * article row.
 */
export async function bookMovement(db: Db, plan: MovementPlan, refuse: (shortage: Shortage) => Error, who: AuditActor): Promise<number> {
  return db.transaction(async (tx) => {
    const n = Math.abs(plan.quantity);
    const now = new Date();
    const sides = [
      ...(plan.fromRepositoryId === null ? [] : [{ repositoryId: plan.fromRepositoryId, delta: -n }]),
      ...(plan.toRepositoryId === null ? [] : [{ repositoryId: plan.toRepositoryId, delta: n }]),
    ].sort((a, b) => a.repositoryId - b.repositoryId);
    for (const { repositoryId, delta } of sides) {
      const level = and(eq(stockLevels.repositoryId, repositoryId), eq(stockLevels.articleId, plan.articleId));
      if (delta < 0) {
        const taken = await tx
          .update(stockLevels)
          .set({ quantity: sql`${stockLevels.quantity} - ${n}`, updatedAt: now })
          .where(and(level, gte(stockLevels.quantity, n)))
          .returning({ quantity: stockLevels.quantity });
        if (!taken.length) throw refuse(await shortage(tx, plan.articleId, repositoryId, n));
      } else {
        await tx
          .insert(stockLevels)
          .values({ repositoryId, articleId: plan.articleId, companyId: plan.companyId, quantity: n, updatedAt: now })
          .onConflictDoUpdate({
            target: [stockLevels.repositoryId, stockLevels.articleId],
            set: { quantity: sql`${stockLevels.quantity} + ${n}`, updatedAt: now },
          });
      }
    }
    const average = await moveArticle(tx, plan, (plan.toRepositoryId === null ? 0 : n) - (plan.fromRepositoryId === null ? 0 : n));
    const [row] = await tx
      .insert(stockMovements)
      .values({
        companyId: plan.companyId,
        kind: plan.kind,
        articleId: plan.articleId,
        quantity: plan.quantity,
        fromRepositoryId: plan.fromRepositoryId,
        toRepositoryId: plan.toRepositoryId,
        deviceId: plan.deviceId,
        unitPriceCents: plan.kind === 'receipt' ? plan.unitPriceCents : average,
        supplier: plan.supplier,
        reason: plan.reason,
        note: plan.note,
        at: plan.at,
        createdById: plan.createdById,
        reversesId: plan.reversesId,
        clientKey: plan.clientKey,
      })
      .returning();
    if (!row) throw new Error('movement not stored');
    // The movement and its audit row commit together (decision 0028); a reversal is its own create.
    await recordChange(tx, who, { resource: 'movements', recordId: row.id, companyId: plan.companyId, action: 'create', after: row });
    return row.id;
  });
}

/**
 * The article's quantity in stock and its average purchase price (docs/rules.md, "Stock"): a receipt
 * averages its price in, `(q × avg + n × price) ÷ (q + n)`; the reversal of a receipt takes it back
 * out, `(q × avg − n × price) ÷ (q − n)` (not below zero; unchanged when nothing is left); other
 * moves leave the average. Returns the average after the move.
 */
async function moveArticle(tx: Tx, plan: MovementPlan, inStock: number): Promise<number | null> {
  const { quantity: q, averageCostCents: avg } = articles;
  let average: SQL | undefined;
  if (plan.kind === 'receipt' && plan.unitPriceCents !== null) {
    const price = sql`${plan.unitPriceCents}::numeric`;
    average =
      inStock > 0
        ? sql`(${q} * coalesce(${avg}, 0) + ${inStock}::numeric * ${price}) / (${q} + ${inStock})`
        : sql`case when ${q} + ${inStock} > 0
            then greatest(0, (${q} * coalesce(${avg}, 0) + ${inStock}::numeric * ${price}) / (${q} + ${inStock})) else ${avg} end`;
  }
  if (inStock === 0 && !average) {
    const [row] = await tx.select({ average: avg }).from(articles).where(eq(articles.id, plan.articleId));
    return row?.average ?? null;
  }
  const [row] = await tx
    .update(articles)
    .set({ quantity: sql`${q} + ${inStock}`, ...(average ? { averageCostCents: average } : {}) })
    .where(eq(articles.id, plan.articleId))
    .returning({ average: avg });
  return row?.average ?? null;
}

async function shortage(tx: Tx, articleId: number, repositoryId: number, requested: number): Promise<Shortage> {
  const [row] = await tx
    .select({
      article: articles.name,
      repository: sql<string>`(select ${repositories.name} from ${repositories} where ${repositories.id} = ${repositoryId})`,
      available: sql<number>`coalesce((select ${stockLevels.quantity} from ${stockLevels}
        where ${stockLevels.repositoryId} = ${repositoryId} and ${stockLevels.articleId} = ${articleId}), 0)`.mapWith(Number),
    })
    .from(articles)
    .where(eq(articles.id, articleId));
  return { article: row?.article ?? '', repository: row?.repository ?? '', available: row?.available ?? 0, requested };
}

/** Loads that count: issues not reversed. */
const standingLoad = sql`${stockMovements.kind} = 'issue' and ${stockMovements.reversesId} is null
  and not exists (select 1 from ${stockMovements} r where r.reverses_id = ${outer(stockMovements.id)})`;

/** An instant as ISO 8601 text, the same from PostgreSQL and PGlite. */
const isoText = (value: SQL) => sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Per device: its first standing load and the prizes paid out since then — the daily rollup for the
 * business days after that load's day, the events themselves on that day (from the load on).
 */
export async function prizeTotals(db: Db, where: SQL) {
  const firstLoads = db
    .select({ deviceId: stockMovements.deviceId, firstAt: sql<Date>`min(${stockMovements.at})`.as('first_at') })
    .from(stockMovements)
    .where(standingLoad)
    .groupBy(stockMovements.deviceId)
    .as('first_loads');
  const firstDay = sql`(${firstLoads.firstAt} at time zone 'Europe/Zagreb')::date`;
  return db
    .select({
      deviceId: devices.id,
      companyId: devices.companyId,
      deviceName: devices.name,
      locationId: devices.locationId,
      locationName: locations.name,
      firstAt: isoText(sql`${firstLoads.firstAt}`),
      paidOut: sql<number>`case when ${firstLoads.firstAt} is null then 0 else
        coalesce((select sum(d.prizes_out) from device_daily d where d.device_id = ${devices.id} and d.day > ${firstDay}), 0)
        + coalesce((select sum(e.count) from telemetry_events e where e.device_id = ${devices.id} and e.type = 'prize_out'
            and e.at >= ${firstLoads.firstAt} and e.at < ((${firstDay} + 1)::timestamp at time zone 'Europe/Zagreb')), 0) end`.mapWith(
        Number,
      ),
    })
    .from(devices)
    .leftJoin(firstLoads, eq(firstLoads.deviceId, devices.id))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(where)
    .orderBy(sql`lower(${devices.name})`, devices.id);
}

/** Per device and article: units loaded (issues less their reversals) and the last standing load. */
export async function prizeLoads(db: Db, deviceIds: number[]) {
  if (!deviceIds.length) return [];
  return db
    .select({
      deviceId: sql<number>`${stockMovements.deviceId}`.mapWith(Number),
      articleId: stockMovements.articleId,
      articleName: articles.name,
      unit: articles.unit,
      loaded:
        sql<number>`sum(case when ${stockMovements.reversesId} is null then ${stockMovements.quantity} else -${stockMovements.quantity} end)`.mapWith(
          Number,
        ),
      lastLoadAt: isoText(sql`max(${stockMovements.at}) filter (where ${standingLoad})`),
    })
    .from(stockMovements)
    .innerJoin(articles, eq(articles.id, stockMovements.articleId))
    .where(and(eq(stockMovements.kind, 'issue'), inArray(stockMovements.deviceId, deviceIds)))
    .groupBy(stockMovements.deviceId, stockMovements.articleId, articles.name, articles.unit)
    .orderBy(sql`lower(${articles.name})`);
}
