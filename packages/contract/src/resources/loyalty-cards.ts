import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';
import { type CardStatus, cardStatuses } from './loyalty-fields.ts';
import { optional } from './shared.ts';

/**
 * A card's chip id as stored and compared: upper-case hex, without the separators readers print
 * (`04:a2:2b-91` → `04A22B91`). Loggers send it as read; ingestion and the forms normalise alike.
 */
export const normalizeCardUid = (uid: string) => uid.replace(/[\s:-]/g, '').toUpperCase();

/** A uid as a request field: 4 to 32 hex digits once normalised (7- and 10-byte chips included). */
export const zCardUid = () =>
  z
    .string()
    .transform(normalizeCardUid)
    .pipe(z.string().regex(/^([0-9A-F]{2}){2,16}$/, { error: 'card_uid' }));

/** A card's balance: the paid credit (money owed to the holder) and the bonus, kept apart. */
export interface CardBalance {
  paidCents: number;
  bonusCents: number;
}

/**
 * What a spend takes from a card (decision 0023): the paid credit first, then the bonus; what neither
 * covers still happened (the machine gave the play), so the paid credit goes below zero. Answers the
 * balance after it and the two amounts taken (as negative deltas).
 */
export function spendFrom(balance: CardBalance, cents: number): CardBalance & { paidDelta: number; bonusDelta: number } {
  const fromPaid = Math.min(Math.max(balance.paidCents, 0), cents);
  const fromBonus = Math.min(balance.bonusCents, cents - fromPaid);
  const rest = cents - fromPaid - fromBonus;
  const paidDelta = 0 - (fromPaid + rest); // never -0
  const bonusDelta = 0 - fromBonus;
  return { paidCents: balance.paidCents + paidDelta, bonusCents: balance.bonusCents + bonusDelta, paidDelta, bonusDelta };
}

export const loyaltyCardItem = z.object({
  ...itemMeta,
  company: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  holder: z.string().nullable(),
  holderName: z.string().nullable(),
  uid: z.string(),
  number: z.string(),
  status: z.enum(cardStatuses),
  /** Why the card was blocked or reported lost, who did it and when (null while it never changed). */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  statusChangedByName: z.string().nullable(),
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  /** Paid credit + bonus. */
  balanceCents: z.number().int(),
  /** A spend it did not cover, or one on a blocked or lost card, was recorded: someone should look. */
  flagged: z.boolean(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LoyaltyCard = z.infer<typeof loyaltyCardItem>;

const fields = {
  owner: zIri('loyalty-owners'),
  holder: zIri('card-holders').nullable(),
  uid: zCardUid(),
  number: zText(40),
  status: z.enum(cardStatuses),
  statusReason: zText(500).nullable(),
  flagged: z.boolean(),
};

/** A blocked or lost card says why. */
const reasonGiven = (v: { status?: CardStatus; statusReason?: string | null }) =>
  v.status === undefined || v.status === 'active' || (v.statusReason ?? '') !== '';

/**
 * A new card starts with no credit: credit comes from top-ups (and staff corrections), never from the
 * card's form. The company is the owner's.
 */
export const loyaltyCardCreate = z
  .strictObject({
    owner: fields.owner,
    uid: fields.uid,
    number: fields.number,
    ...optional({ holder: fields.holder, status: fields.status, statusReason: fields.statusReason }),
  })
  .refine(reasonGiven, { error: 'reason_required', path: ['statusReason'] });
export type LoyaltyCardCreate = z.infer<typeof loyaltyCardCreate>;

/**
 * The chip's uid and the owner stay (a new chip is a new card); the balance changes only through the
 * ledger. Clearing `flagged` says the flag was looked at.
 */
export const loyaltyCardPatch = z
  .strictObject(
    optional({
      holder: fields.holder,
      number: fields.number,
      status: fields.status,
      statusReason: fields.statusReason,
      flagged: fields.flagged,
    }),
  )
  .refine(reasonGiven, { error: 'reason_required', path: ['statusReason'] });
export type LoyaltyCardPatch = z.infer<typeof loyaltyCardPatch>;

export const loyaltyCardsCollection: CollectionSpec = {
  filters: { uid: 'partial', number: 'partial', status: 'exact', owner: 'exact', holder: 'exact', flagged: 'boolean', company: 'exact' },
  order: ['id', 'number', 'uid', 'status', 'paidCents', 'lastUsedAt', 'createdAt'],
  defaultOrder: { number: 'asc' },
};

export const loyaltyCardsResource = defineResource({
  name: 'loyalty-cards',
  item: loyaltyCardItem,
  create: loyaltyCardCreate,
  patch: loyaltyCardPatch,
  collection: loyaltyCardsCollection,
  embeds: ['loyalty-owners', 'card-holders'],
});

/** What changed a card's balance: a top-up, a spend on a machine, a staff correction. */
export const cardTransactionKinds = ['top_up', 'spend', 'adjustment'] as const;
export type CardTransactionKind = (typeof cardTransactionKinds)[number];

/** One change of a card's balance (the ledger), with the balance after it in the order of time. */
export const cardTransactionItem = z.object({
  ...itemMeta,
  company: z.string(),
  card: z.string(),
  cardNumber: z.string(),
  owner: z.string(),
  holder: z.string().nullable(),
  holderName: z.string().nullable(),
  kind: z.enum(cardTransactionKinds),
  at: z.string(),
  /** Signed: a top-up adds, a spend takes. */
  paidCents: z.number().int(),
  bonusCents: z.number().int(),
  /** The card's balance right after this row, in the order of time (every change up to it summed). */
  paidAfterCents: z.number().int(),
  bonusAfterCents: z.number().int(),
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  topUp: z.string().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type CardTransaction = z.infer<typeof cardTransactionItem>;

/**
 * A staff correction (`adjustment`): signed amounts of paid credit and bonus, and why. The bonus cannot
 * go below zero; the paid credit may (a debt the holder owes).
 */
export const cardTransactionCreate = z
  .strictObject({
    card: zIri('loyalty-cards'),
    paidCents: z.number().int().min(-1_000_000).max(1_000_000),
    bonusCents: z.number().int().min(-1_000_000).max(1_000_000),
    note: zText(500),
  })
  .refine((v) => v.paidCents !== 0 || v.bonusCents !== 0, { error: 'nothing_to_change', path: ['paidCents'] });
export type CardTransactionCreate = z.infer<typeof cardTransactionCreate>;

export const cardTransactionsCollection: CollectionSpec = {
  filters: { card: 'exact', owner: 'exact', holder: 'exact', device: 'exact', kind: 'exact', at: 'range', company: 'exact' },
  order: ['id', 'at'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const cardTransactionsResource = defineResource({
  name: 'card-transactions',
  item: cardTransactionItem,
  create: cardTransactionCreate,
  collection: cardTransactionsCollection,
  // Its rows name the card's holder (`holderName`): a holder's rename must reach the cached ledger too.
  embeds: ['loyalty-cards', 'card-holders', 'devices', 'locations'],
  invalidates: ['loyalty-cards'],
});
