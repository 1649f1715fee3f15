import { z } from 'zod';

/**
 * Quick search (docs/rules.md "Layout", quick search): from 2 characters; devices by name or IMEI (any part), loggers,
 * locations, lessors, users; bills by their number as printed (`12/PP01/3`), JIR or ZKI, whole, or as a worker types the
 * number (`4850`, `PP07`, `4850/PP07`); articles, repositories and tags by name; loyalty cards by UID or printed number.
 */
export const SEARCH_MIN_LENGTH = 2;
export const searchKinds = [
  'device',
  'logger',
  'location',
  'lessor',
  'user',
  'bill',
  'article',
  'repository',
  'tag',
  'loyalty-card',
] as const;
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
