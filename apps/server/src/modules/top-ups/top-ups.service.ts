import { identity, iri, MACHINE_VAT_PERCENT, netOfVat, type TopUp, type TopUpCreate, type TopUpPayment } from '@kovanica/contract';
import { and, eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { type CrudService, replayed } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db, Tx } from '../../db/client.ts';
import { FieldError, pgError } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { companies, loyaltyCards, posLocations, posWorkers, topUps } from '../../db/schema/index.ts';
import type { FiscalKeys } from '../../fiscal/keys.ts';
import { type AuditActor, recordChange } from '../audit-log/audit-log.service.ts';
import { issueBillAt, operatorOibOf } from '../bills/bills.service.ts';
import { creditCard, lockCard } from '../card-transactions/card-transactions.service.ts';
import { bonusPromotionFor } from '../promotions/promotions.service.ts';
import { topUpExtras } from './top-ups.queries.ts';

type Row = RowWith<typeof topUps, ReturnType<typeof topUpExtras>>;

export function toTopUp(row: Row): TopUp {
  return {
    ...identity('top-ups', 'TopUp', row.id),
    company: iri('companies', row.companyId),
    card: iri('loyalty-cards', row.cardId),
    cardNumber: row.cardNumber,
    holderName: row.holderName,
    posLocation: iri('pos-locations', row.posLocationId),
    posLocationName: row.posLocationName,
    posWorker: row.posWorkerId === null ? null : iri('pos-workers', row.posWorkerId),
    posWorkerName: row.posWorkerName,
    userName: row.userName,
    at: row.at.toISOString(),
    paidCents: row.paidCents,
    bonusCents: row.bonusCents,
    promotion: row.promotionId === null ? null : iri('promotions', row.promotionId),
    promotionName: row.promotionName,
    payment: row.payment as TopUpPayment,
    bill: row.billId === null ? null : iri('bills', row.billId),
    billNumber: row.bill?.number ?? null,
    paidAfterCents: Number(row.after?.paid ?? 0),
    bonusAfterCents: Number(row.after?.bonus ?? 0),
  };
}

/** A sale of credit, as the back-office form and the POS terminal both describe it. */
export interface Sale {
  companyId: number;
  cardId: number;
  posLocation: { id: number; premisesLabel: string; isu: string; active: boolean };
  workerId: number | null;
  userId: number | null;
  paidCents: number;
  payment: TopUpPayment;
  requestId: string | null;
  at: Date;
  /** Who sells, for the audit trail: a signed-in user, or the POS terminal's worker (decision 0028). */
  by: AuditActor;
}

/** The top-up a request id already made at this point of sale, if any (a retried request answers it). */
async function earlier(db: Db | Tx, sale: Sale): Promise<number | null> {
  if (!sale.requestId) return null;
  const [row] = await db
    .select({ id: topUps.id, cardId: topUps.cardId, paidCents: topUps.paidCents, payment: topUps.payment })
    .from(topUps)
    .where(and(eq(topUps.posLocationId, sale.posLocation.id), eq(topUps.requestId, sale.requestId)));
  if (!row) return null;
  if (row.cardId !== sale.cardId || row.paidCents !== sale.paidCents || row.payment !== sale.payment) {
    throw new DomainError(409, 'request_reused');
  }
  return row.id;
}

/**
 * The operator OIB of a top-up's bill (docs/rules.md): the point of sale's worker who sold it (workers
 * always have one); a sale without a worker is the signed-in user's (`operatorOibOf`: 422 without one).
 */
async function operatorOfSale(tx: Tx, sale: Sale): Promise<string> {
  if (sale.workerId === null) {
    if (sale.userId === null) throw new Error('a sale names its worker or its user');
    return operatorOibOf(tx, sale.userId);
  }
  const [worker] = await tx.select({ oib: posWorkers.oib }).from(posWorkers).where(eq(posWorkers.id, sale.workerId));
  if (!worker) throw new FieldError('posWorker', 'reference');
  return worker.oib;
}

/**
 * Sells credit (docs/rules.md "Loyalty: cards, spends, top-ups"; decision 0023), in one transaction: the card locked and checked active,
 * the best bonus promotion of the card's owner, the bill for the money taken (the point of sale's
 * premises and ISU; it goes to CIS with the others), the top-up, and the ledger row with the card's new
 * balance. A request id seen before at this point of sale answers the first top-up (the same sale) or
 * 409 (a different one); two at once: the second waits on the unique key and then answers the first.
 * Answers the top-up's id and whether it is new.
 */
export async function sellCredit(db: Db, keys: FiscalKeys, sale: Sale): Promise<{ id: number; created: boolean }> {
  const before = await earlier(db, sale);
  if (before !== null) return { id: before, created: false };
  if (!sale.posLocation.active) throw new DomainError(409, 'pos_inactive');
  try {
    const id = await db.transaction(async (tx) => {
      const card = await lockCard(tx, sale.cardId);
      if (!card || card.companyId !== sale.companyId) throw new FieldError('card', 'reference');
      if (card.status !== 'active') throw new DomainError(409, 'card_not_active', { status: card.status });
      const [company] = await tx.select({ inVatSystem: companies.inVatSystem }).from(companies).where(eq(companies.id, sale.companyId));
      const bonus = await bonusPromotionFor(tx, {
        companyId: sale.companyId,
        ownerId: card.ownerId,
        at: sale.at,
        paidCents: sale.paidCents,
      });
      const base = netOfVat(sale.paidCents, MACHINE_VAT_PERCENT);
      // The bill's operator is the worker who sells (a staffed desk, not a self-service device).
      const operatorOib = await operatorOfSale(tx, sale);
      const billId = await issueBillAt(tx, keys, {
        companyId: sale.companyId,
        kind: 'manual',
        at: sale.at,
        deviceId: null,
        locationId: null,
        premises: sale.posLocation.premisesLabel,
        isu: sale.posLocation.isu,
        totalCents: sale.paidCents,
        vat: company?.inVatSystem ? { rate: MACHINE_VAT_PERCENT, baseCents: base, cents: sale.paidCents - base } : null,
        payment: sale.payment === 'cash' ? 'G' : 'K',
        stornoOfId: null,
        note: `Loyalty card top-up ${card.number}`,
        createdById: sale.userId,
        operatorOib,
      });
      const [topUp] = await tx
        .insert(topUps)
        .values({
          companyId: sale.companyId,
          cardId: sale.cardId,
          posLocationId: sale.posLocation.id,
          posWorkerId: sale.workerId,
          userId: sale.userId,
          at: sale.at,
          paidCents: sale.paidCents,
          bonusCents: bonus?.bonusCents ?? 0,
          promotionId: bonus?.promotionId ?? null,
          payment: sale.payment,
          billId,
          requestId: sale.requestId,
        })
        .returning();
      const topUpId = topUp?.id as number;
      if (topUp)
        await recordChange(tx, sale.by, {
          resource: 'top-ups',
          recordId: topUpId,
          companyId: sale.companyId,
          action: 'top-up',
          // The sale's own time: now at a till, the past in the demo's history.
          at: sale.at,
          after: topUp,
        });
      await creditCard(tx, {
        companyId: sale.companyId,
        cardId: sale.cardId,
        kind: 'top_up',
        at: sale.at,
        paidCents: sale.paidCents,
        bonusCents: bonus?.bonusCents ?? 0,
        topUpId,
        userId: sale.userId,
      });
      return topUpId;
    });
    return { id, created: true };
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === '23505' && constraint === 'top_ups_request_key') {
      const first = await earlier(db, sale);
      if (first !== null) return { id: first, created: false };
    }
    throw error;
  }
}

/** Top-ups: read like any big collection (keyset by time); sold through `sellCredit`, never changed. */
export function topUpsService(db: Db, keys: FiscalKeys) {
  const reads = tableReads(db, topUps, { company: topUps.companyId, extras: topUpExtras, toItem: toTopUp });
  const read = async (ctx: RequestContext, id: number) => toTopUp((await reads.find(ctx, id, null)) as Row);
  const service: Pick<CrudService<TopUp, TopUpCreate, never>, 'list' | 'get' | 'create'> = {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const card = await resolveRef(db, ctx, { table: loyaltyCards, collection: 'loyalty-cards', field: 'card' }, input.card);
      const place = await resolveRef(
        db,
        ctx,
        { table: posLocations, collection: 'pos-locations', field: 'posLocation', companyId: card.companyId },
        input.posLocation,
      );
      const worker = await resolveRef(
        db,
        ctx,
        { table: posWorkers, collection: 'pos-workers', field: 'posWorker', companyId: card.companyId },
        input.posWorker,
      );
      if (worker.posLocationId !== place.id) throw new FieldError('posWorker', 'other_pos_location');
      if (!worker.active) throw new FieldError('posWorker', 'inactive_worker');
      const { id, created } = await sellCredit(db, keys, {
        companyId: card.companyId,
        cardId: card.id,
        posLocation: place,
        workerId: worker.id,
        userId: ctx.actor.userId,
        paidCents: input.paidCents,
        payment: input.payment,
        requestId: input.requestId ?? null,
        at: new Date(),
        by: ctx,
      });
      const item = await read(ctx, id);
      // A retried request (its requestId seen before) answers the first top-up, as the terminal's route does: 200.
      return created ? item : replayed(item);
    },
  };
  return { ...service, read };
}
