import { type Collection, collectionOf, type Resource } from '@kovanica/contract';
import { type QueryFunction, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type Query } from './api.ts';
import type { View } from './view.ts';

/**
 * The key of one list. A list asked for in an explicit view (not the session's switch) carries the
 * view as a fourth part, so `/users/all/list` and `/users/list` never share a cached page.
 */
export type ListKey = readonly [string, 'list', Query] | readonly [string, 'list', Query, View];
/** The key of one item. */
export type DetailKey = readonly [string, 'detail', number | string];

/** The one place list and item keys are made (the resource's API, its deferred form, `keys`). */
const listKey = (resource: string, query: Query, view?: View): ListKey =>
  view ? [resource, 'list', query, view] : [resource, 'list', query];
const detailKey = (resource: string, id: number | string): DetailKey => [resource, 'detail', id];

function listOptions<T>(resource: string, collection: z.ZodType<Collection<T>>, query: Query, view?: View) {
  return queryOptions({
    queryKey: listKey(resource, query, view),
    queryFn: ({ signal }) => apiRequest(`/${resource}`, { query, schema: collection, signal, view }),
  });
}

function detailOptions<T>(resource: string, item: z.ZodType<T>, id: number | string) {
  return queryOptions({
    queryKey: detailKey(resource, id),
    queryFn: ({ signal }) => apiRequest(`/${resource}/${id}`, { schema: item, signal }),
  });
}

/** Query options of one page of a resource's collection. */
export type ListOptions<T> = ReturnType<typeof listOptions<T>>;
/** Query options of one item of a resource. */
export type DetailOptions<T> = ReturnType<typeof detailOptions<T>>;

/** What the shared components (data table, reference select, confirm delete, page shells) need of a resource. */
export interface ResourceApi<T, Patch = never, Create = never> {
  /** The API collection name, e.g. `users`; also the first part of every query key. */
  name: string;
  /** The contract's description (module component, schemas). */
  resource: Resource<T, Create, Patch>;
  /** Where its screens live, e.g. `/cities` (`/cities/list`, `/cities/new`, `/cities/edit/$id`), if it has them. */
  path?: string;
  /** The item as people know it, for titles and questions ("City: Zagreb", "Delete Zagreb?"). */
  title?: (item: T) => string;
  keys: {
    all: readonly [string];
    list: (query: Query, view?: View) => ListKey;
    detail: (id: number | string) => DetailKey;
  };
  /** One page; `view` overrides the session's My/All Companies switch for this list only. */
  list: (query?: Query, view?: View) => ListOptions<T>;
  detail: (id: number | string) => DetailOptions<T>;
  create: (body: Create) => Promise<T>;
  patch: (id: number | string, body: Patch) => Promise<T>;
  remove: (id: number | string) => Promise<void>;
}

/**
 * Query keys and calls of one described resource (contract `defineResource`), made the same way for
 * every resource: `[resource, 'list', query]` and `[resource, 'detail', id]`, so invalidating
 * `[resource]` refreshes everything shown of it; what a write makes stale follows the descriptions'
 * `embeds` and `invalidates`, as on the server.
 */
export function resourceApi<Item, Create, Patch>(
  resource: Resource<Item, Create, Patch>,
  screens?: { path: string; title: (item: Item) => string },
): ResourceApi<Item, Patch, Create> {
  const { name, item } = resource;
  const collection = collectionOf(item) as unknown as z.ZodType<Collection<Item>>;
  return {
    name,
    resource,
    ...screens,
    keys: {
      all: [name],
      list: (query, view) => listKey(name, query, view),
      detail: (id) => detailKey(name, id),
    },
    list: (query = {}, view) => listOptions(name, collection, query, view),
    detail: (id) => detailOptions(name, item, id),
    create: (body) => apiRequest(`/${name}`, { method: 'POST', body, schema: item }),
    patch: (id, body) => apiRequest(`/${name}/${id}`, { method: 'PATCH', body, schema: item }),
    remove: (id) => apiRequest<void>(`/${name}/${id}`, { method: 'DELETE' }),
  };
}

/**
 * The query options of a resource whose API module (and so its contract schemas) is imported at the
 * first fetch, not with the module that asks: for what the layout or every list shows of another
 * resource (the bell, the user panel, the All Companies column), so a screen's first start does not
 * build those schemas. The keys are
 * the resource's own (`[name, 'list', query]`, `[name, 'detail', id]`), so writes make them stale as
 * any other; `name` must be the loaded API's, which the first fetch checks.
 */
export function deferredApi<T, Patch, Create>(
  name: string,
  load: () => Promise<ResourceApi<T, Patch, Create>>,
): Pick<ResourceApi<T, Patch, Create>, 'name' | 'list' | 'detail'> {
  const api = async () => {
    const loaded = await load();
    if (loaded.name !== name) throw new Error(`[kovanica-web] deferred API "${name}" loaded "${loaded.name}"`);
    return loaded;
  };
  return {
    name,
    list: (query = {}, view) =>
      queryOptions({
        queryKey: listKey(name, query, view),
        queryFn: async (context) => ((await api()).list(query, view).queryFn as QueryFunction<Collection<T>, ListKey>)(context),
      }),
    detail: (id) =>
      queryOptions({
        queryKey: detailKey(name, id),
        queryFn: async (context) => ((await api()).detail(id).queryFn as QueryFunction<T, DetailKey>)(context),
      }),
  };
}
