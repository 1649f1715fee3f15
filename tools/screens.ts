import { readFileSync } from 'node:fs';

/**
 * Every screen of the web app, read from the router's own list of paths (`apps/web/src/routeTree.gen.ts`),
 * so a new route is covered without being listed anywhere: the browser suite walks them
 * and the web bench can run Lighthouse on each. `$id` is 1, the first demo row of every resource on a
 * new demo database. Left out: `/` and the `…/` groups, which redirect to a screen, and the sign-in
 * page, a page apart from the app (`login.html`).
 */
export function screenPaths(id = '1'): string[] {
  return routePatterns().map((p) => p.replaceAll('$id', id));
}

/** The screens of one record (`/devices/edit/$id`, `/bills/$id`), with `$id` in them. */
export const recordPatterns = (): string[] => routePatterns().filter((p) => p.includes('$id'));

function routePatterns(): string[] {
  const routeTree = readFileSync(new URL('../apps/web/src/routeTree.gen.ts', import.meta.url), 'utf8');
  const byFullPath = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? '';
  return [...byFullPath.matchAll(/'([^']+)':/g)].map((m) => m[1] as string).filter((p) => p !== '/' && !p.endsWith('/'));
}
