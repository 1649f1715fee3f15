import { z } from 'zod';

/**
 * Quick search (docs/rules.md "Layout", quick search): from 2 characters; devices by name or IMEI, loggers, locations,
 * lessors, users; bills by their number as printed (`12/PP01/3`), JIR or ZKI, whole.
 */
export const SEARCH_MIN_LENGTH = 2;
export const searchKinds = ['device', 'logger', 'location', 'lessor', 'user', 'bill'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchQuery = z.strictObject({
  q: z.string().trim().min(SEARCH_MIN_LENGTH).max(100),
  client: z.string().optional(),
});

export const searchResult = z.object({
  kind: z.enum(searchKinds),
  /** The item's IRI. */
  '@id': z.string(),
  id: z.number().int(),
  title: z.string(),
  /** A second line: the device's location and IMEI, a user's e-mail, a lessor's OIB… */
  detail: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z.object({ q: z.string(), results: z.array(searchResult) });
export type SearchAnswer = z.infer<typeof searchAnswer>;
