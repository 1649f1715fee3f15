import {
  type CardTransaction,
  type CardTransactionCreate,
  type CardTransactionKind,
  formatMoney,
  identity,
  iri,
  parseIri,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { cardTransactions, companies, loyaltyCards } from '../../db/schema/index.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { creditCard, lockCard } from './card-transactions.ledger.ts';
import { cardTransactionExtras } from './card-transactions.queries.ts';

export { type CardSpend, creditCard, debitCardSpends, lockCard } from './card-transactions.ledger.ts';

type Row = RowWith<typeof cardTransactions, ReturnType<typeof cardTransactionExtras>>;

export function toCardTransaction(row: Row): CardTransaction {
  const ref = (collection: string, id: number | null) => (id === null ? null : iri(collection, id));
  return {
    ...identity('card-transactions', 'CardTransaction', row.id),
    company: iri('companies', row.companyId),
    card: iri('loyalty-cards', row.cardId),
    cardNumber: row.card.number,
    owner: iri('loyalty-owners', row.card.ownerId),
    holder: ref('card-holders', row.card.holderId),
    holderName: row.card.holderName,
    kind: row.kind as CardTransactionKind,
    at: row.at.toISOString(),
    paidCents: row.paidCents,
    bonusCents: row.bonusCents,
    paidAfterCents: Number(row.balance.paid),
    bonusAfterCents: Number(row.balance.bonus),
    device: ref('devices', row.deviceId),
    deviceName: row.deviceName,
    location: ref('locations', row.locationId),
    locationName: row.locationName,
    topUp: ref('top-ups', row.topUpId),
    userName: row.userName,
    note: row.note,
  };
}

/**
 * The card ledger: read-only but for staff corrections (`adjustment`, a create). Spends are written by
 * ingestion and top-ups by the top-up service, through `card-transactions.ledger.ts`.
 */
export function cardTransactionsService(
  db: Db,
): Pick<CrudService<CardTransaction, CardTransactionCreate, never>, 'list' | 'get' | 'create'> {
  const reads = tableReads(db, cardTransactions, {
    company: cardTransactions.companyId,
    extras: cardTransactionExtras,
    toItem: toCardTransaction,
  });
  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const cardId = parseIri('loyalty-cards', input.card);
      if (cardId === null) throw new FieldError('card', 'iri');
      const id = await db.transaction(async (tx) => {
        const card = await lockCard(tx, cardId);
        if (!card || (ctx.visible !== null && !ctx.visible.includes(card.companyId))) throw new FieldError('card', 'reference');
        if (card.bonusCents + input.bonusCents < 0) throw invalid('bonusCents', 'bonus_negative', { bonus: formatMoney(card.bonusCents) });
        // Bounded by the company's limit (docs/rules.md, "Loyalty card screens", card correction limit): a slip
        // of the keyboard cannot move thousands.
        const [company] = await tx
          .select({ limit: companies.cardCorrectionLimitCents })
          .from(companies)
          .where(eq(companies.id, card.companyId));
        const limit = company?.limit ?? 0;
        for (const field of ['paidCents', 'bonusCents'] as const) {
          if (Math.abs(input[field]) > limit) throw invalid(field, 'correction_too_large', { max: formatMoney(limit) });
        }
        const entry = await creditCard(tx, {
          companyId: card.companyId,
          cardId,
          kind: 'adjustment',
          at: new Date(),
          paidCents: input.paidCents,
          bonusCents: input.bonusCents,
          userId: ctx.actor.userId,
          note: input.note,
        });
        // Paid credit below zero is a card someone must look at, whoever put it there.
        if (entry.paidAfterCents < 0) await tx.update(loyaltyCards).set({ flagged: true }).where(eq(loyaltyCards.id, cardId));
        // A staff correction of a balance is audited (decision 0028); the machines' debits are the ledger itself.
        await recordChange(tx, ctx, {
          resource: 'card-transactions',
          recordId: entry.id,
          companyId: card.companyId,
          action: 'correction',
          after: {
            card: input.card,
            paidCents: input.paidCents,
            bonusCents: input.bonusCents,
            note: input.note,
            paidAfterCents: entry.paidAfterCents,
            bonusAfterCents: entry.bonusAfterCents,
          },
        });
        return entry.id;
      });
      return toCardTransaction((await reads.find(ctx, id, null)) as Row);
    },
  };
}
