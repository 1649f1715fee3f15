import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zCardUid } from './loyalty-cards.ts';

/** How a top-up was paid: cash or a bank card (the bill's `G` or `K`). */
export const topUpPayments = ['cash', 'card'] as const;
export type TopUpPayment = (typeof topUpPayments)[number];

/** The most one top-up may add: 500 € (a card is not a bank account). */
export const MAX_TOP_UP_CENTS = 50_000;

/** Credit sold at a point of sale: the money paid (billed there), the bonus a promotion added, who sold it. */
export const topUpItem = z.object({
  ...itemMeta,
  company: z.string(),
  card: z.string(),
  cardNumber: z.string(),
  holderName: z.string().nullable(),
  posLocation: z.string(),
  posLocationName: z.string(),
  posWorker: z.string().nullable(),
  posWorkerName: z.string().nullable(),
  /** A top-up entered in the back-office names the user who entered it. */
  userName: z.string().nullable(),
  at: z.string(),
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  promotion: z.string().nullable(),
  promotionName: z.string().nullable(),
  payment: z.enum(topUpPayments),
  bill: z.string().nullable(),
  /** `N/PREMISES/ISU`. */
  billNumber: z.string().nullable(),
  /** The card's balance right after this top-up. */
  paidAfterCents: z.number().int(),
  bonusAfterCents: z.number().int(),
});
export type TopUp = z.infer<typeof topUpItem>;

const amount = z.number().int().min(1).max(MAX_TOP_UP_CENTS);
/** A client's own id of the request: the same id again answers the first top-up instead of a second one. */
const requestId = z.string().trim().min(8).max(64);

/**
 * A top-up entered in the back-office (`/loyalty/top-up/new`): the card, the point of sale and the
 * worker at its desk, the money taken. The bonus is the best active bonus promotion's; the bill is
 * issued on the point of sale's premises and ISU with the worker's OIB.
 */
export const topUpCreate = z.strictObject({
  card: zIri('loyalty-cards'),
  posLocation: zIri('pos-locations'),
  posWorker: zIri('pos-workers'),
  paidCents: amount,
  payment: z.enum(topUpPayments),
  requestId: requestId.optional(),
});
export type TopUpCreate = z.infer<typeof topUpCreate>;

export const topUpsCollection: CollectionSpec = {
  filters: { card: 'exact', posLocation: 'exact', posWorker: 'exact', payment: 'exact', at: 'range', company: 'exact' },
  order: ['id', 'at'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const topUpsResource = defineResource({
  name: 'top-ups',
  item: topUpItem,
  create: topUpCreate,
  collection: topUpsCollection,
  embeds: ['loyalty-cards', 'pos-locations', 'pos-workers', 'promotions'],
  invalidates: ['loyalty-cards', 'card-transactions', 'bills'],
});

// The POS terminal's API (docs/api-guide.md "2. The POS terminal"): the terminal's credential names the point of sale; a worker
// signs in with a PIN and gets a session for a shift.

/** How long a terminal session lasts: a shift. */
export const POS_SESSION_HOURS = 12;

export const posSignIn = z.strictObject({ worker: z.number().int().min(1).max(2_147_483_647), pin: z.string().min(1).max(16) });
export type PosSignIn = z.infer<typeof posSignIn>;

export const posSession = z.object({
  /** Send as `Authorization: Bearer <token>` on the other terminal calls. */
  token: z.string(),
  expiresAt: z.string(),
  worker: z.object({ id: z.number().int(), name: z.string() }),
  posLocation: z.object({ id: z.number().int(), name: z.string() }),
});
export type PosSession = z.infer<typeof posSession>;

/** What the terminal shows of a card. */
export const posCard = z.object({
  uid: z.string(),
  number: z.string(),
  status: z.enum(['active', 'blocked', 'lost']),
  holderName: z.string().nullable(),
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type PosCard = z.infer<typeof posCard>;

export const posTopUp = z.strictObject({ cardUid: zCardUid(), paidCents: amount, payment: z.enum(topUpPayments), requestId });
export type PosTopUp = z.infer<typeof posTopUp>;

export const posTopUpAnswer = z.object({
  id: z.number().int(),
  at: z.string(),
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  billNumber: z.string().nullable(),
  zki: z.string().nullable(),
  card: posCard,
});
export type PosTopUpAnswer = z.infer<typeof posTopUpAnswer>;

export const posBlock = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type PosBlock = z.infer<typeof posBlock>;
