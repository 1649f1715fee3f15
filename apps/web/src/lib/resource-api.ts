import { type Collection, collectionOf } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type Query } from './api.ts';
import type { View } from './view.ts';

/**
 * The key of one list. A list asked for in an explicit view (not the session's switch) carries the
 * view as a fourth part, so `/users/all/list` and `/users/list` never share a cached page.
 */
export type ListKey = readonly [string, 'list', Query] | readonly [string, 'list', Query, View];

function listOptions<T>(resource: string, collection: z.ZodType<Collection<T>>, query: Query, view?: View) {
  const queryKey: ListKey = view ? [resource, 'list', query, view] : [resource, 'list', query];
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest(`/${resource}`, { query, schema: collection, signal, view }),
  });
}

function detailOptions<T>(resource: string, item: z.ZodType<T>, id: number | string) {
  return queryOptions({
    queryKey: [resource, 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest(`/${resource}/${id}`, { schema: item, signal }),
  });
}

/** Query options of one page of a resource's collection. */
export type ListOptions<T> = ReturnType<typeof listOptions<T>>;
/** Query options of one item of a resource. */
export type DetailOptions<T> = ReturnType<typeof detailOptions<T>>;

/** What the shared components (data table, reference select, confirm delete) need of a resource. */
export interface ResourceApi<T, Patch = never, Create = never> {
  /** The API collection name, e.g. `users`; also the first part of every query key. */
  name: string;
  keys: {
    all: readonly [string];
    list: (query: Query, view?: View) => ListKey;
    detail: (id: number | string) => readonly [string, 'detail', number | string];
  };
  /** One page; `view` overrides the session's My/All Companies switch for this list only. */
  list: (query?: Query, view?: View) => ListOptions<T>;
  detail: (id: number | string) => DetailOptions<T>;
  create: (body: Create) => Promise<T>;
  patch: (id: number | string, body: Patch) => Promise<T>;
  remove: (id: number | string) => Promise<void>;
}

/**
 * Query keys and calls of one API resource, made the same way for every resource:
 * `[resource, 'list', query]` and `[resource, 'detail', id]`, so invalidating `[resource]` refreshes
 * everything shown of it.
 */
export function resourceApi<Item extends z.ZodType, Patch, Create = never>(
  resource: string,
  item: Item,
): ResourceApi<z.infer<Item>, Patch, Create> {
  type T = z.infer<Item>;
  const schema = item as z.ZodType<T>;
  const collection = collectionOf(item) as unknown as z.ZodType<Collection<T>>;
  return {
    name: resource,
    keys: {
      all: [resource],
      list: (query, view) => (view ? [resource, 'list', query, view] : [resource, 'list', query]),
      detail: (id) => [resource, 'detail', id],
    },
    list: (query = {}, view) => listOptions(resource, collection, query, view),
    detail: (id) => detailOptions(resource, schema, id),
    create: (body) => apiRequest(`/${resource}`, { method: 'POST', body, schema }),
    patch: (id, body) => apiRequest(`/${resource}/${id}`, { method: 'PATCH', body, schema }),
    remove: (id) => apiRequest<void>(`/${resource}/${id}`, { method: 'DELETE' }),
  };
}
