import { z } from 'zod';
import { cardTransactionKinds } from './loyalty-cards.ts';
import { cardStatuses } from './loyalty-fields.ts';
import { promoAudiences } from './promo-boxes.ts';

// The read API for a loyalty owner's card holders' app (docs/api-guide.md "3. The card holders' app"): authenticated by the owner's app
// credential (`POST /loyalty-owners/{id}/app-key`), it reaches that owner's cards and promo boxes only.

/** How many of a card's last ledger rows the app is given. */
export const CARD_APP_TRANSACTIONS = 20;

export const cardAppCard = z.object({
  uid: z.string(),
  number: z.string(),
  status: z.enum(cardStatuses),
  /** Paid credit (money owed to the holder) and bonus, apart. */
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  balanceCents: z.number().int(),
  lastUsedAt: z.string().nullable(),
  transactions: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(cardTransactionKinds),
      paidCents: z.number().int(),
      bonusCents: z.number().int(),
      /** Where a spend was: the location's name (the device's for one standing nowhere). */
      place: z.string().nullable(),
    }),
  ),
});
export type CardAppCard = z.infer<typeof cardAppCard>;

export const cardAppPromoBox = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonLabel: z.string().nullable(),
  buttonLink: z.string().nullable(),
  activeTo: z.string().nullable(),
  audience: z.enum(promoAudiences),
});
export const cardAppPromoBoxes = z.object({ member: z.array(cardAppPromoBox) });
export type CardAppPromoBoxes = z.infer<typeof cardAppPromoBoxes>;

/** `card`: the holder's card uid; the boxes for its audience (used lately or not). Without it, the boxes for everyone. */
export const cardAppPromoQuery = z.strictObject({ card: z.string().min(1).max(64).optional() });
