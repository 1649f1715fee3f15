import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';

/** Event types listed as transactions: payments, and what a play costs or gives without one. */
export const transactionTypes = ['coin', 'note', 'token', 'cashless', 'card', 'free_ride', 'reset', 'prize_out'] as const;
export type TransactionType = (typeof transactionTypes)[number];

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
});
export type Transaction = z.infer<typeof transactionItem>;

export const transactionsCollection: CollectionSpec = {
  filters: { device: 'exact', location: 'exact', type: 'exact', at: 'range', test: 'boolean', company: 'exact' },
  order: ['id', 'at', 'amountCents'],
  defaultOrder: { at: 'desc' },
};
