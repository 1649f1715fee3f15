import { type Permission, parseId, type ResourceName, resourceComponent, resourceModule } from '@kovanica/contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent, notFound, redirect, useLoaderData } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FileRouteTypes } from '../routeTree.gen.ts';
import { requireComponent, requireModule, requirePermission } from './access.ts';
import { listSearch } from './list-state.ts';
import { loadRecord } from './missing-record.ts';

type Path = FileRouteTypes['to'];

/** A resource's screens: `/<path>/list`, `/<path>/new`, `/<path>/edit/$id` (`path` is `/<name>` unless given). */
export const screenPaths = (api: { name: string; path?: string }) => {
  const path = api.path ?? `/${api.name}`;
  return {
    list: `${path}/list` as Path,
    new: `${path}/new` as Extract<Path, `${string}/new`>,
    edit: `${path}/edit/$id` as Extract<Path, `${string}/edit/$id`>,
  };
};

type Page<P = object> = (props: P) => ReactNode;
/**
 * A screen as the route file imports it: `() => import('…/cities-list-page.tsx').then((m) => m.CitiesListPage)`.
 * Each screen is then a chunk of its own, loaded when its route is entered (decision 0016); a route
 * built by these helpers is out of reach of the router plugin's own splitting.
 */
type Load<P = object> = () => Promise<Page<P>>;
const lazy = <P,>(load: Load<P>) => lazyRouteComponent(async () => ({ default: await load() }));

/**
 * The route helpers take the resource's name, not its API: a route's definition is in the entry
 * chunk, and the resource descriptions (their zod schemas) are not (the first-paint budget, decision
 * 0016). The edit route loads the API with the screen.
 *
 * The gate of a resource's screen, as the server's guard: the permission (`<name>.<action>` unless
 * another is given), the resource's module and its module component.
 */
export function gate(name: ResourceName, action: 'read' | 'create' | 'update', permission?: Permission) {
  requirePermission(permission ?? (`${name}.${action}` as Permission));
  const module = resourceModule[name];
  if (module) requireModule(module);
  const component = resourceComponent[name];
  if (component) requireComponent(component);
}

interface RouteOptions {
  /** A stricter permission than `<name>.<action>` (cities: the admin gate). */
  permission?: Permission;
}

/** `/<path>/list`: filters, order and page in the URL. */
export const listRoute = (name: ResourceName, load: Load, options: RouteOptions = {}) => ({
  validateSearch: listSearch,
  beforeLoad: () => gate(name, 'read', options.permission),
  component: lazy(load),
});

/** `/<path>/new`. */
export const newRoute = (name: ResourceName, load: Load, options: RouteOptions = {}) => ({
  beforeLoad: () => gate(name, 'create', options.permission),
  component: lazy(load),
});

/** `/<path>/edit/$id`: an id that names nothing (`01`, `x`, too big) is a 404; the item is loaded before the page shows. */
export const editRoute = (name: ResourceName, load: Load<{ id: number }>, options: RouteOptions = {}) => {
  const Item = lazy(load);
  return {
    beforeLoad: () => gate(name, 'update', options.permission),
    loader: async ({ context, params }: { context: { queryClient: QueryClient }; params: { id: string } }) => {
      const id = parseId(params.id);
      if (id === null) throw notFound();
      // The item and the screen's chunk at once; an item the user cannot reach is said in its own words.
      const detail = async () => {
        const { apiOf } = await import('./api-of.ts');
        const api = await apiOf(name);
        return loadRecord(name, api.path ? screenPaths(api).list : null, () => context.queryClient.ensureQueryData(api.detail(id)));
      };
      await Promise.all([detail(), Item.preload?.()]);
      return { id };
    },
    component: function EditRoute() {
      const { id } = useLoaderData({ strict: false }) as { id: number };
      return <Item id={id} />;
    },
  };
};

/**
 * Another address of a screen (the original's `-new` and `-refactored` finance reports are one report
 * each here, docs/rules.md "Money reports"): it leads to the screen with its search kept, replacing itself in the history,
 * so a bookmark of the old address still works and the menu shows where the user is.
 */
export const aliasRoute = (to: Path) => ({
  beforeLoad: ({ location }: { location: { searchStr: string } }) => {
    throw redirect({ href: `${to}${location.searchStr}`, replace: true });
  },
});
