import type { Permission } from '@kovanica/contract';
import type { useAccess } from '../lib/access.ts';
import type { ResourceApi } from '../lib/resource-api.ts';

// What the resource kit's list and form pages share (resource-list.tsx, resource-pages.tsx).

// biome-ignore lint/suspicious/noExplicitAny: the shells take any resource's API; each page is typed by its own.
export type AnyApi<T> = ResourceApi<T, any, any>;

/** How an item is called on its pages and in its row's labels. */
export const titleOf = <T>(api: AnyApi<T>, item: T) => api.title?.(item) ?? String((item as { id?: number }).id);

/** Whether the user may do an action on the resource (`<name>.<action>`). */
export const can = (access: ReturnType<typeof useAccess>, api: { name: string }, action: string) =>
  access.can(`${api.name}.${action}` as Permission);
