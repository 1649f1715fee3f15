import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zOib, zText } from '../validation.ts';
import { optional, withoutCompany } from './shared.ts';

/** A POS worker's PIN for the terminal: 4 to 8 digits. */
export const zPin = () => z.string().regex(/^\d{4,8}$/, { error: 'pin' });
/** Wrong PINs in a row that lock a worker out of the terminal, and for how long (decision 0023). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;

/**
 * A person who sells credit at a point of sale (docs/rules.md "Loyalty: cards, spends, top-ups"). Their OIB is the operator OIB on the
 * bills they issue. The PIN is write-only: set on create and by `POST /pos-workers/{id}/pin`, kept as
 * a slow hash, never returned (`pinSetAt` says when it was set).
 */
export const posWorkerItem = z.object({
  ...itemMeta,
  company: z.string(),
  posLocation: z.string(),
  posLocationName: z.string(),
  name: z.string(),
  surname: z.string(),
  oib: z.string(),
  active: z.boolean(),
  pinSetAt: z.string().nullable(),
  /** Locked out of the terminal after too many wrong PINs, until then; null: not locked. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type PosWorker = z.infer<typeof posWorkerItem>;

const fields = {
  company: zIri('companies'),
  posLocation: zIri('pos-locations'),
  name: zText(100),
  surname: zText(100),
  oib: zOib(),
  active: z.boolean(),
};

export const posWorkerCreate = z.strictObject({
  ...optional(fields),
  posLocation: fields.posLocation,
  name: fields.name,
  surname: fields.surname,
  oib: fields.oib,
  pin: zPin(),
});
export type PosWorkerCreate = z.infer<typeof posWorkerCreate>;
/** The PIN is not patched: it has its own route. */
export const posWorkerPatch = z.strictObject(optional(withoutCompany(fields)));
export type PosWorkerPatch = z.infer<typeof posWorkerPatch>;

/** `POST /pos-workers/{id}/pin`: a new PIN; it also lifts a lockout. */
export const posWorkerPin = z.strictObject({ pin: zPin() });
export type PosWorkerPin = z.infer<typeof posWorkerPin>;

export const posWorkersCollection: CollectionSpec = {
  filters: { name: 'partial', surname: 'partial', oib: 'exact', posLocation: 'exact', active: 'boolean', company: 'exact' },
  order: ['id', 'name', 'surname', 'createdAt'],
  defaultOrder: { surname: 'asc' },
};

export const posWorkersResource = defineResource({
  name: 'pos-workers',
  item: posWorkerItem,
  create: posWorkerCreate,
  patch: posWorkerPatch,
  collection: posWorkersCollection,
  component: 'loyalty.pos',
  embeds: ['pos-locations'],
});
