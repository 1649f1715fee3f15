import {
  businessDate,
  CARD_APP_TRANSACTIONS,
  type CardAppCard,
  type CardAppPromoBoxes,
  type CardStatus,
  type CardTransactionKind,
  normalizeCardUid,
  PROMO_ACTIVE_DAYS,
  PROMO_INACTIVE_DAYS,
  type PromoAudienceName,
} from '@kovanica/contract';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { DomainError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { cardTransactions, devices, locations, loyaltyCards, loyaltyOwners, promoBoxes } from '../../db/schema/index.ts';
import { refusedKey } from '../../security/attempts.ts';
import { bearerOf, credentialHash } from '../../security/credentials.ts';
import type { Limits } from '../../security/limits.ts';

/** Which audiences a card belongs to, by when it was last used (promo boxes' `audience`). */
export function audiencesOf(lastUsedAt: Date | null, now = new Date()): PromoAudienceName[] {
  const daysAgo = (days: number) => now.getTime() - days * 86_400_000;
  const used = lastUsedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [
    'all',
    ...(used >= daysAgo(PROMO_ACTIVE_DAYS) ? (['active'] as const) : []),
    ...(used < daysAgo(PROMO_INACTIVE_DAYS) ? (['inactive'] as const) : []),
  ];
}

/**
 * The card holders' app's read API (docs/api-guide.md "3. The card holders' app"): one owner's cards and
 * promo boxes, by the owner's app credential.
 */
export function cardAppService(db: Db, limits: Limits) {
  const cardRow = async (ownerId: number, uid: string) => {
    const [card] = await db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.ownerId, ownerId), eq(loyaltyCards.uid, normalizeCardUid(uid))));
    return card ?? null;
  };
  return {
    /** The owner whose app holds this credential. */
    /** The owner whose app holds this credential; a wrong one counts against the address (`refusedKey`). */
    async owner(authorization: string | undefined, address: string): Promise<{ id: number; companyId: number }> {
      const secret = bearerOf(authorization);
      const [row] = secret
        ? await db
            .select({ id: loyaltyOwners.id, companyId: loyaltyOwners.companyId })
            .from(loyaltyOwners)
            .where(eq(loyaltyOwners.appKeyHash, credentialHash(secret)))
        : [];
      if (!row)
        throw await refusedKey(limits, address, new DomainError(401, 'bad_app_credential', {}, [], { 'www-authenticate': 'Bearer' }));
      return row;
    },

    async card(ownerId: number, uid: string): Promise<CardAppCard> {
      const card = await cardRow(ownerId, uid);
      if (!card) throw new DomainError(404, 'card_unknown');
      const rows = await db
        .select({
          at: cardTransactions.at,
          kind: cardTransactions.kind,
          paidCents: cardTransactions.paidCents,
          bonusCents: cardTransactions.bonusCents,
          place: sql<
            string | null
          >`coalesce((select ${locations.name} from ${locations} where ${locations.id} = ${cardTransactions.locationId}),
            (select ${devices.name} from ${devices} where ${devices.id} = ${cardTransactions.deviceId}))`,
        })
        .from(cardTransactions)
        .where(eq(cardTransactions.cardId, card.id))
        .orderBy(desc(cardTransactions.at), desc(cardTransactions.id))
        .limit(CARD_APP_TRANSACTIONS);
      return {
        uid: card.uid,
        number: card.number,
        status: card.status as CardStatus,
        paidCents: card.paidCents,
        bonusCents: card.bonusCents,
        balanceCents: card.paidCents + card.bonusCents,
        lastUsedAt: card.lastUsedAt?.toISOString() ?? null,
        transactions: rows.map((r) => ({ ...r, at: r.at.toISOString(), kind: r.kind as CardTransactionKind })),
      };
    },

    /** The owner's promo boxes active today (in Zagreb), for the card's audience or, without a card, for everyone. */
    async promoBoxes(ownerId: number, uid: string | undefined, now = new Date()): Promise<CardAppPromoBoxes> {
      let audiences: PromoAudienceName[] = ['all'];
      if (uid !== undefined) {
        const card = await cardRow(ownerId, uid);
        if (!card) throw new DomainError(404, 'card_unknown');
        audiences = audiencesOf(card.lastUsedAt, now);
      }
      const today = businessDate(now);
      const rows = await db
        .select()
        .from(promoBoxes)
        .where(
          and(
            eq(promoBoxes.ownerId, ownerId),
            lte(promoBoxes.activeFrom, today),
            or(isNull(promoBoxes.activeTo), gte(promoBoxes.activeTo, today)),
            sql`${promoBoxes.audience} = any(${`{${audiences.join(',')}}`}::text[])`,
          ),
        )
        .orderBy(desc(promoBoxes.activeFrom), desc(promoBoxes.id));
      return {
        member: rows.map((b) => ({
          id: b.id,
          title: b.title,
          text: b.text,
          backgroundColor: b.backgroundColor,
          textColor: b.textColor,
          buttonLabel: b.buttonLabel,
          buttonLink: b.buttonLink,
          activeTo: b.activeTo,
          audience: b.audience as PromoAudienceName,
        })),
      };
    },
  };
}
