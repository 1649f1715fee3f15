import { z } from 'zod';
import { iri, parseIri } from './http.ts';

/**
 * The API dialect (docs/api.md) as zod schemas: collections, problems, IRIs as request fields. The
 * constants and IRI helpers are in `http.ts`, which the web's first paint imports without zod.
 */
/** The collection each `zIri` field names (what the Hydra documentation says a relation points to). */
const iriTargets = new WeakMap<z.ZodType, string>();

/** An IRI of the given collection, as a request field. */
export const zIri = (collection: string) => {
  const schema = z.string().refine((v) => parseIri(collection, v) !== null, { error: 'iri' });
  iriTargets.set(schema, collection);
  return schema;
};

/** The collection a request field's IRIs name (`zIri`), through optional, nullable and array wrappers; undefined for any other field. */
export function iriTarget(schema: z.ZodType): string | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const found = iriTargets.get(current);
    if (found) return found;
    const def = current._zod.def as { innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType };
    current = def.innerType ?? def.element ?? def.in;
  }
  return undefined;
}

export const itemMeta = { '@id': z.string(), '@type': z.string(), id: z.number().int() };
/** The `@id`, `@type` and `id` of an item: `identity('cities', 'City', 7)`. */
export const identity = (collection: string, type: string, id: number) => ({ '@id': iri(collection, id), '@type': type, id });

export const collectionView = z.object({
  '@id': z.string(),
  first: z.string().optional(),
  last: z.string().optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
});

const buildCollection = <T extends z.ZodType>(item: T) =>
  z.object({
    '@id': z.string(),
    '@type': z.literal('Collection'),
    member: z.array(item),
    totalItems: z.number().int().optional(),
    totalItemsOver: z.number().int().optional(),
    view: collectionView,
  });
const collections = new WeakMap<z.ZodType, unknown>();

/**
 * The collection schema of an item schema: the same schema each time for the same item, so that the
 * OpenAPI document names it once (`TagCollection`) and every list refers to it.
 */
export const collectionOf = <T extends z.ZodType>(item: T): ReturnType<typeof buildCollection<T>> => {
  const known = collections.get(item) as ReturnType<typeof buildCollection<T>> | undefined;
  if (known) return known;
  const schema = buildCollection(item);
  collections.set(item, schema);
  return schema;
};

export interface Collection<T> {
  '@id': string;
  '@type': 'Collection';
  member: T[];
  /**
   * How many items the collection holds. A big collection (one with a keyset) counts exactly up to
   * `MAX_PAGE_DEPTH` items only; when it holds more, `totalItems` is absent and `totalItemsOver` says
   * so (decision 0014): counting millions of rows to show thirty would scan them all.
   */
  totalItems?: number;
  /** Present instead of `totalItems`: the collection holds more items than this. */
  totalItemsOver?: number;
  view: z.infer<typeof collectionView>;
}

/**
 * What a collection says of its size: `total` items, exactly (`exact`), or more than `total`. A client
 * shows "10,000+" for an inexact one.
 */
export function sizeOf(collection: Pick<Collection<unknown>, 'totalItems' | 'totalItemsOver'>): { total: number; exact: boolean } {
  if (collection.totalItems !== undefined) return { total: collection.totalItems, exact: true };
  return { total: collection.totalItemsOver ?? 0, exact: false };
}

export const violationSchema = z.object({ propertyPath: z.string(), message: z.string(), code: z.string() });

/** RFC 9457 problem details; `message` (the text to show, in the caller's language) on every one, `violations` on 422. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  message: z.string(),
  violations: z.array(violationSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export type FilterKind = 'exact' | 'iexact' | 'partial' | 'range' | 'boolean';

/**
 * What a collection may be filtered and ordered by. Filters are query parameters named after the
 * field: exact `?role=manager`, partial `?name=zab` (case-insensitive contains), range
 * `?createdAt[after]=2026-01-01&createdAt[before]=...`, relation filters take an IRI or an id.
 */
export interface CollectionSpec {
  filters: Record<string, FilterKind>;
  order: readonly string[];
  defaultOrder: Record<string, 'asc' | 'desc'>;
  /**
   * A big collection names the indexed time field it also pages along by cursor (`?cursor=`, in
   * `view.next`): ordered by that field alone (the default order), ties by id in the same direction.
   * Its page numbers reach `MAX_PAGE_DEPTH` items.
   */
  keyset?: string;
}
