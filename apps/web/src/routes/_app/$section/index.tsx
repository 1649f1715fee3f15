import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import type { FileRouteTypes } from '../../../routeTree.gen.ts';

/** Sections whose address alone (`/cities`) opens their list (`/cities/list`), as in the original. */
const LISTS = new Set([
  'bills',
  'cities',
  'companies',
  'deposits',
  'detailed-review',
  'devices',
  'ebitda',
  'lessors',
  'locations',
  'loggers',
  'tags',
  'today-revenue',
  'transactions',
  'users',
]);

export const Route = createFileRoute('/_app/$section/')({
  beforeLoad: ({ params }) => {
    if (!LISTS.has(params.section)) throw notFound();
    throw redirect({ to: `/${params.section}/list` as FileRouteTypes['to'], replace: true });
  },
});
