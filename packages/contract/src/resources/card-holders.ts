import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zEmail, zInstant, zNote, zPhone, zText } from '../validation.ts';
import { optional } from './shared.ts';

/**
 * A card holder (the legacy app's loyalty "user"): a person in an owner's programme, their contact data
 * and the consent they gave to keep it (when, and which version of the text).
 */
export const cardHolderItem = z.object({
  ...itemMeta,
  company: z.string(),
  owner: z.string(),
  ownerName: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  consentAt: z.string().nullable(),
  consentVersion: z.string().nullable(),
  note: z.string().nullable(),
  cardsCount: z.number().int(),
  createdAt: z.string(),
});
export type CardHolder = z.infer<typeof cardHolderItem>;

const fields = {
  owner: zIri('loyalty-owners'),
  name: zText(100),
  surname: zText(100),
  email: zEmail().nullable(),
  phone: zPhone().nullable(),
  consentAt: zInstant().nullable(),
  consentVersion: zText(40).nullable(),
  note: zNote(),
};

/** The holder's company is their owner's. The consent's date must not be in the future (`in_future`). */
export const cardHolderCreate = z.strictObject({
  ...optional(fields),
  owner: fields.owner,
  name: fields.name,
  surname: fields.surname,
});
export type CardHolderCreate = z.infer<typeof cardHolderCreate>;
/** The owner may change within the company. */
export const cardHolderPatch = z.strictObject(optional(fields));
export type CardHolderPatch = z.infer<typeof cardHolderPatch>;

export const cardHoldersCollection: CollectionSpec = {
  filters: { name: 'partial', surname: 'partial', email: 'partial', owner: 'exact', company: 'exact' },
  order: ['id', 'surname', 'name', 'consentAt', 'createdAt'],
  defaultOrder: { surname: 'asc' },
};

export const cardHoldersResource = defineResource({
  name: 'card-holders',
  item: cardHolderItem,
  create: cardHolderCreate,
  patch: cardHolderPatch,
  collection: cardHoldersCollection,
  // The owner's name, and the count of cards.
  embeds: ['loyalty-owners', 'loyalty-cards'],
});
