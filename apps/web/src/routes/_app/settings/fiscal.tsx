import { parseId } from '@kovanica/contract';
import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { gate } from '../../../lib/resource-routes.tsx';
import { getSession } from '../../../lib/session.ts';

// The page, its API and its schemas load with the route, not in the first paint (decision 0016).
const FiscalSettingsPage = lazyRouteComponent(
  () => import('../../../features/fiscal-settings/fiscal-settings-page.tsx'),
  'FiscalSettingsPage',
);

/** `?company=<id>`: whose settings, in the All Companies view; the user's own company otherwise. */
const fiscalSearch = (raw: Record<string, unknown>): { company?: number } => {
  const company = parseId(String(raw.company ?? ''));
  return company === null ? {} : { company };
};

/** A company's fiscal settings and certificates: its managers and admins (module `bills`). */
export const Route = createFileRoute('/_app/settings/fiscal')({
  validateSearch: fiscalSearch,
  beforeLoad: () => gate('fiscal-settings', 'read'),
  loaderDeps: ({ search }) => ({ company: search.company }),
  loader: async ({ context, deps }) => {
    const companyId = deps.company ?? getSession().accountInfo.company_id ?? 0;
    const { fiscalSettingsApi } = await import('../../../lib/apis/fiscal-settings.ts');
    await Promise.all([context.queryClient.ensureQueryData(fiscalSettingsApi.detail(companyId)), FiscalSettingsPage.preload?.()]);
    return { companyId };
  },
  component: function FiscalSettingsRoute() {
    const { companyId } = Route.useLoaderData();
    return <FiscalSettingsPage companyId={companyId} />;
  },
});
