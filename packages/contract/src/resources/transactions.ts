import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';

/** Event types listed as transactions: payments, and what a play costs or gives without one. */
export const transactionTypes = ['coin', 'note', 'token', 'cashless', 'card', 'free_ride', 'reset', 'prize_out'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Free rides or resets of one kind on one device within an hour, from which they are flagged as frequent. */
export const FREQUENT_ACTIONS = 3;

/** One event from a logger, as the transactions list shows it; test plays (service mode) are marked. */
export const transactionItem = z.object({
  ...itemMeta,
  company: z.string(),
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  type: z.enum(transactionTypes),
  at: z.string(),
  /** Money the event stands for (tokens at their value then); 0 for free rides, resets, prizes. */
  amountCents: z.number().int(),
  count: z.number().int(),
  test: z.boolean(),
  seq: z.number().int(),
  /** A free ride or reset given remotely: the command it carried out, who asked for it and why. */
  command: z.string().nullable(),
  requestedByName: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * A free ride or reset that is the FREQUENT_ACTIONS-th or later of its kind on the device within an
   * hour, while the location was open: possible abuse (docs/rules.md "Telemetry, devices in operation, deposits").
   */
  frequent: z.boolean(),
});
export type Transaction = z.infer<typeof transactionItem>;

export const transactionsCollection: CollectionSpec = {
  filters: { device: 'exact', location: 'exact', type: 'exact', at: 'range', test: 'boolean', company: 'exact' },
  order: ['id', 'at', 'amountCents'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const transactionsResource = defineResource({
  name: 'transactions',
  item: transactionItem,
  collection: transactionsCollection,
  embeds: ['telemetry', 'devices', 'locations'],
});
