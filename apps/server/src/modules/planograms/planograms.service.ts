import {
  addDays,
  iri,
  mayWriteField,
  type Planogram,
  type PlanogramUpdate,
  PRODUCT_SALES_MAX_DAYS,
  type ProductSalesQuery,
  type ProductSalesReport,
  parseIri,
} from '@kovanica/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { reportRange } from '../../core/report-range.ts';
import { inCompanies } from '../../core/tenancy.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FieldError } from '../../db/errors.ts';
import { articles, auditSales, devices, machineAudits, planogramSelections } from '../../db/schema/index.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';
import { spanOf } from '../machine-audits/machine-audits.span.ts';
import { bookMovement } from '../movements/movements.service.ts';
import { auditPairs, bySelection, selectionsOf, toSelection } from './planograms.queries.ts';

/**
 * Planograms and audit sales (docs/rules.md "Planograms and audit sales"): which article each
 * selection of a device holds, the sales an audit counts booked as `sale` movements of those
 * articles, and the product sales report.
 */

/** The device if the caller may reach it. */
async function visibleDevice(db: Db, ctx: RequestContext, deviceId: number) {
  const [device] = await db
    .select({ id: devices.id, companyId: devices.companyId, name: devices.name })
    .from(devices)
    .where(and(eq(devices.id, deviceId), inCompanies(devices.companyId, ctx.visible)));
  return device;
}

/** A planogram as the audit trail records it: one line of text, "11 → Cola 0,5 l; 12 → Mars". */
const trailText = (selections: readonly { selection: string; articleName: string }[]) =>
  selections.map((s) => `${s.selection} → ${s.articleName}`).join('; ');

async function planogramOf(db: Db | Tx, device: { id: number; companyId: number }): Promise<Planogram> {
  const rows = await selectionsOf(db, [device.id]);
  const updated = rows.reduce<Date | null>((max, r) => (max === null || r.updatedAt > max ? r.updatedAt : max), null);
  return {
    '@id': `${iri('devices', device.id)}/planogram`,
    '@type': 'Planogram',
    device: iri('devices', device.id),
    company: iri('companies', device.companyId),
    selections: rows.map(toSelection),
    updatedAt: updated?.toISOString() ?? null,
  };
}

type Selections = NonNullable<PlanogramUpdate['selections']>;

/** The articles the update names, each of the device's company: a 422 on the selection's `article` otherwise. */
async function articleIdsOf(db: Db, ctx: RequestContext, companyId: number, selections: Selections) {
  const ids = selections.map((s, i) => {
    const id = parseIri('articles', s.article);
    if (id === null) throw new FieldError(`selections.${i}.article`, 'iri');
    return id;
  });
  const rows = ids.length
    ? await db
        .select({ id: articles.id, companyId: articles.companyId, name: articles.name })
        .from(articles)
        .where(inArray(articles.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id, i) => {
    const row = byId.get(id);
    if (!row || (ctx.visible !== null && !ctx.visible.includes(row.companyId)))
      throw new FieldError(`selections.${i}.article`, 'reference');
    if (row.companyId !== companyId) throw new FieldError(`selections.${i}.article`, 'other_company');
    return row;
  });
}

export function planogramsService(db: Db) {
  return {
    /** The device's planogram; null when the caller cannot reach the device. */
    async get(ctx: RequestContext, deviceId: number): Promise<Planogram | null> {
      const device = await visibleDevice(db, ctx, deviceId);
      return device ? planogramOf(db, device) : null;
    },

    /**
     * Replaces the device's planogram (managers and admins: the devices' field rule `planogram`),
     * recording the change in the audit trail; null when the caller cannot reach the device.
     */
    async replace(ctx: RequestContext, deviceId: number, input: PlanogramUpdate): Promise<Planogram | null> {
      const device = await visibleDevice(db, ctx, deviceId);
      if (!device) return null;
      // An empty merge-patch changes nothing and answers the planogram as it is.
      const selections = input.selections;
      if (selections === undefined) return planogramOf(db, device);
      if (!mayWriteField(ctx.actor.role, 'devices', 'update', 'planogram', false))
        throw new DomainError(403, 'forbidden_field', { field: 'planogram' });
      const found = await articleIdsOf(db, ctx, device.companyId, selections);
      return db.transaction(async (tx) => {
        const before = await selectionsOf(tx, [device.id]);
        await tx.delete(planogramSelections).where(eq(planogramSelections.deviceId, device.id));
        const now = new Date();
        if (selections.length)
          await tx.insert(planogramSelections).values(
            selections.map((s, i) => ({
              deviceId: device.id,
              companyId: device.companyId,
              selection: s.selection,
              articleId: found[i]?.id ?? 0,
              updatedAt: now,
            })),
          );
        const after = selections
          .map((s, i) => ({ selection: s.selection, articleName: found[i]?.name ?? '' }))
          .sort((a, b) => bySelection(a.selection, b.selection));
        await recordChange(tx, ctx, {
          resource: 'planograms',
          recordId: device.id,
          companyId: device.companyId,
          action: 'update',
          before: { deviceId: device.id, selections: trailText(before) },
          after: { deviceId: device.id, selections: trailText(after) },
        });
        return planogramOf(tx, device);
      });
    },
  };
}

/**
 * What the device's planogram puts in each selection: selection → the article's IRI and name. The
 * machine audits show it with each selection of an audit.
 */
export async function articlesOfSelections(db: Db | Tx, deviceId: number): Promise<Map<string, { article: string; articleName: string }>> {
  const rows = await selectionsOf(db, [deviceId]);
  return new Map(rows.map((r) => [r.selection, { article: iri('articles', r.articleId), articleName: r.articleName }]));
}

/** An audit's paid vends per selection since the device's audit before it. */
export interface AuditSales {
  companyId: number;
  deviceId: number;
  auditId: number;
  auditedAt: Date;
  products: readonly { selection: string; vends: number }[];
}

/**
 * Books an audit's sales as stock movements (docs/rules.md "Planograms and audit sales"): for each
 * selection with vends that the device's planogram maps to an article, a `sale` of that many units of
 * the article from the device, at the audit's time, at the article's average purchase price. Once per
 * audit and selection (`audit_sales`' key): recording the same audit again books nothing. Selections
 * with vends the planogram does not map are answered (not an error); so is how many movements were
 * booked now. Call it inside the transaction that stores the audit.
 */
export async function recordAuditSales(
  tx: Db | Tx,
  who: AuditActor,
  sales: AuditSales,
): Promise<{ movements: number; unmapped: string[] }> {
  const mapped = new Map((await selectionsOf(tx, [sales.deviceId])).map((r) => [r.selection, r.articleId]));
  const unmapped: string[] = [];
  let movements = 0;
  for (const { selection, vends } of sales.products) {
    if (!Number.isInteger(vends) || vends <= 0) continue;
    const articleId = mapped.get(selection);
    if (articleId === undefined) {
      unmapped.push(selection);
      continue;
    }
    // The key first: a second recording (or one at the same time, which waits on it) books nothing.
    const [claimed] = await tx
      .insert(auditSales)
      .values({ auditId: sales.auditId, selection, companyId: sales.companyId })
      .onConflictDoNothing()
      .returning({ auditId: auditSales.auditId });
    if (!claimed) continue;
    const movementId = await bookMovement(
      tx as Db,
      {
        companyId: sales.companyId,
        kind: 'sale',
        articleId,
        quantity: vends,
        fromRepositoryId: null,
        toRepositoryId: null,
        deviceId: sales.deviceId,
        unitPriceCents: null,
        supplier: null,
        reason: null,
        note: null,
        at: sales.auditedAt,
        createdById: 'actor' in who ? who.actor.userId : null,
        reversesId: null,
        clientKey: null,
      },
      () => new Error('a sale takes no stock from a repository'),
      who,
    );
    await tx
      .update(auditSales)
      .set({ movementId })
      .where(and(eq(auditSales.auditId, sales.auditId), eq(auditSales.selection, selection)));
    movements++;
  }
  return { movements, unmapped: unmapped.sort(bySelection) };
}

/** The product sales report's query checked (422 on a bad range, 400 on a malformed IRI), reading nothing. */
export function productSalesScope(ctx: RequestContext, query: ProductSalesQuery) {
  const { from, to, companies, refs } = reportRange(ctx, query, PRODUCT_SALES_MAX_DAYS, { device: 'devices' });
  return { from, to, companies, device: refs.device };
}

/** Zagreb midnight starting a day, as timestamptz. */
const midnight = (day: string) => sql`(${day}::timestamp at time zone 'Europe/Zagreb')`;

/**
 * The product sales report (docs/rules.md "Planograms and audit sales"): for each audit made on a day
 * of the range whose device has an earlier audit, each selection's paid vends since that one (the
 * machine audits' span: none across a reset or another machine), valued at the selection's price in
 * the later audit; per article of the device's planogram now, and the selections it does not map per
 * device.
 */
export async function productSalesReport(db: Db, ctx: RequestContext, query: ProductSalesQuery): Promise<ProductSalesReport> {
  const scope = productSalesScope(ctx, query);
  const where = and(
    inCompanies(machineAudits.companyId, scope.companies),
    scope.device === undefined ? undefined : eq(machineAudits.deviceId, scope.device),
  );
  const pairs = await auditPairs(db, where, midnight(scope.from), midnight(addDays(scope.to, 1)));
  const deviceIds = [...new Set(pairs.map((p) => p.deviceId))];
  const planograms = new Map((await selectionsOf(db, deviceIds)).map((r) => [`${r.deviceId} ${r.selection}`, r]));
  const names = new Map(
    deviceIds.length
      ? (await db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, deviceIds))).map((d) => [
          d.id,
          d.name,
        ])
      : [],
  );
  const rows = new Map<number, { article: string; articleName: string; vends: number; valueCents: number }>();
  const unmapped = new Map<string, { device: string; deviceName: string; selection: string; vends: number; valueCents: number }>();
  let spans = 0;
  for (const pair of pairs) {
    if (pair.previousId === null || pair.previousCounters === null) continue;
    spans++;
    const { paidVendsSince } = spanOf(pair, {
      id: iri('machine-audits', pair.previousId),
      auditedAt: pair.previousAuditedAt ?? '',
      machineSerial: pair.previousSerial,
      counters: pair.previousCounters,
      products: pair.previousProducts ?? [],
    });
    const prices = new Map(pair.products.map((p) => [p.selection, p.priceCents ?? 0]));
    for (const [selection, vends] of paidVendsSince) {
      if (!vends) continue;
      const valueCents = vends * (prices.get(selection) ?? 0);
      const article = planograms.get(`${pair.deviceId} ${selection}`);
      if (article) {
        const row = rows.get(article.articleId) ?? {
          article: iri('articles', article.articleId),
          articleName: article.articleName,
          vends: 0,
          valueCents: 0,
        };
        row.vends += vends;
        row.valueCents += valueCents;
        rows.set(article.articleId, row);
      } else {
        const key = `${pair.deviceId} ${selection}`;
        const row = unmapped.get(key) ?? {
          device: iri('devices', pair.deviceId),
          deviceName: names.get(pair.deviceId) ?? '',
          selection,
          vends: 0,
          valueCents: 0,
        };
        row.vends += vends;
        row.valueCents += valueCents;
        unmapped.set(key, row);
      }
    }
  }
  const lines = [...rows.values()].sort((a, b) => b.vends - a.vends || a.articleName.localeCompare(b.articleName, 'hr'));
  const loose = [...unmapped.values()].sort(
    (a, b) => a.deviceName.localeCompare(b.deviceName, 'hr') || bySelection(a.selection, b.selection),
  );
  const all = [...lines, ...loose];
  const search = new URLSearchParams({ from: scope.from, to: scope.to });
  if (query.device !== undefined) search.set('device', query.device);
  if (query.company !== undefined) search.set('company', query.company);
  return {
    '@id': `/api/v2/reports/product-sales?${search}`,
    '@type': 'ProductSalesReport',
    from: scope.from,
    to: scope.to,
    rows: lines,
    unmapped: loose,
    spans,
    totals: { vends: all.reduce((s, r) => s + r.vends, 0), valueCents: all.reduce((s, r) => s + r.valueCents, 0) },
  };
}
