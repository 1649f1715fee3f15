import { type Collection, collectionOf } from '@kovanica/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type Query } from './api.ts';

/**
 * Query keys and calls of one API resource, made the same way for every resource:
 * `[resource, 'list', query]` and `[resource, 'detail', id]`, so invalidating `[resource]` refreshes
 * everything shown of it.
 */
export function resourceApi<Item extends z.ZodType, Patch>(resource: string, item: Item) {
  type T = z.infer<Item>;
  const collection = collectionOf(item) as unknown as z.ZodType<Collection<T>>;
  const keys = {
    all: [resource] as const,
    list: (query: Query) => [resource, 'list', query] as const,
    detail: (id: number | string) => [resource, 'detail', id] as const,
  };
  return {
    keys,
    list: (query: Query = {}) =>
      queryOptions({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => apiRequest(`/${resource}`, { query, schema: collection, signal }),
      }),
    detail: (id: number | string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => apiRequest(`/${resource}/${id}`, { schema: item as z.ZodType<T>, signal }),
      }),
    patch: (id: number | string, body: Patch) => apiRequest(`/${resource}/${id}`, { method: 'PATCH', body, schema: item as z.ZodType<T> }),
  };
}
