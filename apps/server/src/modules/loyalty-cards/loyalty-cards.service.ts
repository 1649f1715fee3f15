import { type CardStatus, identity, iri, type LoyaltyCard, type LoyaltyCardCreate, type LoyaltyCardPatch } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { type Reach, resolveRef } from '../../db/references.ts';
import { cardHolders, loyaltyCards, loyaltyOwners } from '../../db/schema/index.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { loyaltyCardDependents, loyaltyCardExtras } from './loyalty-cards.queries.ts';

type Row = RowWith<typeof loyaltyCards, ReturnType<typeof loyaltyCardExtras>>;

export function toLoyaltyCard(row: Row): LoyaltyCard {
  return {
    ...identity('loyalty-cards', 'LoyaltyCard', row.id),
    company: iri('companies', row.companyId),
    owner: iri('loyalty-owners', row.ownerId),
    ownerName: row.ownerName,
    holder: row.holderId === null ? null : iri('card-holders', row.holderId),
    holderName: row.holderName,
    uid: row.uid,
    number: row.number,
    status: row.status as CardStatus,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    statusChangedByName: row.statusChangedByName,
    paidCents: row.paidCents,
    bonusCents: row.bonusCents,
    balanceCents: row.paidCents + row.bonusCents,
    flagged: row.flagged,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const unique = { loyalty_cards_uid_key: 'uid', loyalty_cards_number_key: 'number' };

/** The holder named by a body, of the card's company (null clears it). */
async function holderId(db: Db, ctx: Reach, value: string | null | undefined, companyId: number) {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return (await resolveRef(db, ctx, { table: cardHolders, collection: 'card-holders', field: 'holder', companyId }, value)).id;
}

/**
 * Cards of the loyalty programme (docs/rules.md "Loyalty: cards, spends, top-ups"). The balance is the ledger's (`card-transactions`):
 * a card's form never writes it. A status change keeps who made it, when and why.
 */
export function loyaltyCardsService(db: Db): CrudService<LoyaltyCard, LoyaltyCardCreate, LoyaltyCardPatch> {
  const reads = tableReads(db, loyaltyCards, { company: loyaltyCards.companyId, extras: loyaltyCardExtras, toItem: toLoyaltyCard });
  const statusColumns = (status: CardStatus | undefined, reason: string | null | undefined, userId: number) =>
    status === undefined
      ? reason === undefined
        ? {}
        : { statusReason: reason }
      : { status, statusReason: status === 'active' ? null : (reason ?? null), statusChangedAt: new Date(), statusChangedById: userId };

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const owner = await resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner' }, input.owner);
      const holder = await holderId(db, ctx, input.holder, owner.companyId);
      const status = input.status ?? 'active';
      const [row] = await db.transaction(async (tx) => {
        const rows = await uniqueFields(unique, () =>
          tx
            .insert(loyaltyCards)
            .values({
              companyId: owner.companyId,
              ownerId: owner.id,
              holderId: holder ?? null,
              uid: input.uid,
              number: input.number,
              ...(status === 'active' ? {} : statusColumns(status, input.statusReason, ctx.actor.userId)),
            })
            .returning(),
        );
        if (rows[0])
          await recordChange(tx, ctx, {
            resource: 'loyalty-cards',
            recordId: rows[0].id,
            companyId: owner.companyId,
            action: 'create',
            after: rows[0],
          });
        return rows;
      });
      return toLoyaltyCard((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changesStatus = patch.status !== undefined && patch.status !== current.status;
      const holder = patch.holder === undefined ? undefined : await holderId(db, ctx, patch.holder, current.companyId);
      // The card's change and its audit row commit together (decision 0028).
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(loyaltyCards).where(eq(loyaltyCards.id, id)).for('update');
        const [after] = await uniqueFields(unique, async () =>
          tx
            .update(loyaltyCards)
            .set({
              ...(patch.number === undefined ? {} : { number: patch.number }),
              ...(patch.flagged === undefined ? {} : { flagged: patch.flagged }),
              ...(holder === undefined ? {} : { holderId: holder }),
              ...statusColumns(changesStatus ? patch.status : undefined, patch.statusReason, ctx.actor.userId),
              updatedAt: new Date(),
            })
            .where(eq(loyaltyCards.id, id))
            .returning(),
        );
        if (before && after)
          await recordChange(tx, ctx, {
            resource: 'loyalty-cards',
            recordId: id,
            companyId: current.companyId,
            action: 'update',
            before,
            after,
          });
      });
      return toLoyaltyCard((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => loyaltyCardDependents(db, id),
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.delete(loyaltyCards).where(eq(loyaltyCards.id, id)).returning();
            if (before)
              await recordChange(tx, ctx, {
                resource: 'loyalty-cards',
                recordId: id,
                companyId: before.companyId,
                action: 'delete',
                before,
              });
          }),
      );
      return true;
    },
  };
}
