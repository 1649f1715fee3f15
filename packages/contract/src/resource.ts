import type { z } from 'zod';
import type { ModuleComponent, permissionsByResource } from './access.ts';
import type { CollectionSpec } from './api.ts';

/** A name that has permissions (`<name>.<action>`), e.g. `cities`. */
export type ResourceName = keyof typeof permissionsByResource;

/**
 * One API resource, described once (decision 0011). The server's standard routes
 * (`registerCrud`), the web app's query keys, hooks and list/new/edit routes, and cache
 * invalidation on both sides derive from this. Forms, columns and rules stay hand-written, in the
 * resource's own files.
 */
export interface Resource<Item = unknown, Create = unknown, Patch = unknown> {
  /** Collection path segment, permission stem and query-key stem: `/api/v2/cities`, `cities.read`. */
  name: ResourceName;
  item: z.ZodType<Item>;
  /** Request schemas, for the operations the resource has. */
  create?: z.ZodType<Create>;
  patch?: z.ZodType<Patch>;
  collection: CollectionSpec;
  /** The module component it needs besides its module (the module follows from `resourceModule`). */
  component?: ModuleComponent;
  /**
   * Other resources whose data its answers include (a location shows its city's name): a write to any
   * of them refreshes this resource's cached reads, on the server and in the browser.
   */
  embeds?: readonly string[];
  /** Other resources whose rows its writes change too (a tag write re-tags devices). */
  invalidates?: readonly string[];
  /**
   * The `@type` of its items, when it is not the singular of the name (`resourceClass`): the class of
   * the Hydra documentation and the name of its JSON-LD context (`/api/v2/contexts/<type>`).
   */
  type?: string;
}

/** The `@type` of a resource's items: its `type`, or the singular of its name in PascalCase (`pos-workers`: `PosWorker`). */
export function resourceClass(resource: Pick<Resource, 'name' | 'type'>): string {
  if (resource.type) return resource.type;
  return resource.name
    .split('-')
    .map((part, i, all) => {
      const word = i === all.length - 1 ? part.replace(/ies$/, 'y').replace(/xes$/, 'x').replace(/s$/, '') : part;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join('');
}

/** Keeps the literal types of a description (its schemas), checked against `Resource`. */
export const defineResource = <Item, Create = never, Patch = never>(resource: Resource<Item, Create, Patch>) => resource;

/**
 * What a write to `name` makes stale, given every description: the resource itself, what it
 * declares it changes, and every resource that embeds one of those.
 */
export function staleAfterWrite(name: string, all: readonly Pick<Resource, 'name' | 'embeds' | 'invalidates'>[]): string[] {
  const own = all.find((r) => r.name === name);
  const written = [name, ...(own?.invalidates ?? [])];
  const readers = all.filter((r) => r.embeds?.some((e) => written.includes(e))).map((r) => r.name);
  return [...new Set([...written, ...readers])];
}
