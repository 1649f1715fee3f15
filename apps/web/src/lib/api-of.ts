import type { ResourceApi } from './resource-api.ts';

/**
 * Every resource's API (`apis/*.ts`), gathered here for the kit's edit routes, which know a resource
 * by its name. Loaded with those screens only (`resource-routes.tsx`), never by a page's first paint;
 * a new module in `apis/` is found without a line here.
 */
const apis = Object.values(
  import.meta.glob<Record<string, Pick<ResourceApi<unknown>, 'name' | 'detail'>>>('./apis/*.ts', { eager: true }),
).flatMap((module) => Object.values(module));

/** A resource's name and detail query, by its name (the kit's edit routes load them with the screen). */
export function apiOf(name: string): Pick<ResourceApi<unknown>, 'name' | 'detail'> {
  const api = apis.find((one) => one.name === name);
  if (!api) throw new Error(`[kovanica-web] no API for the resource ${name}`);
  return api;
}
