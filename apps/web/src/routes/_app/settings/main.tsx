import { can, parseId } from '@kovanica/contract';
import { createFileRoute } from '@tanstack/react-router';
import { SettingsMainPage } from '../../../features/settings/settings-main-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { companiesApi } from '../../../lib/apis/companies.ts';
import { getSession } from '../../../lib/session.ts';
import { settingsQuery } from '../../../lib/settings-query.ts';

/** `?company=<id>`: whose settings, in the All Companies view; the user's own company otherwise. */
const mainSearch = (raw: Record<string, unknown>): { company?: number } => {
  const company = parseId(String(raw.company ?? ''));
  return company === null ? {} : { company };
};

// The company's settings are its managers' and the admins'; others get a refusal page, not a blank one.
export const Route = createFileRoute('/_app/settings/main')({
  validateSearch: mainSearch,
  beforeLoad: () => requirePermission('settings.company'),
  loaderDeps: ({ search }) => ({ company: search.company }),
  loader: async ({ context, deps }) => {
    const companyId = deps.company ?? getSession().accountInfo.company_id ?? 0;
    await Promise.all([
      context.queryClient.ensureQueryData(companiesApi.detail(companyId)),
      can(getSession().accountInfo.role, 'settings.update') && context.queryClient.ensureQueryData(settingsQuery()),
    ]);
    return { companyId };
  },
  component: function SettingsMainRoute() {
    const { companyId } = Route.useLoaderData();
    return <SettingsMainPage companyId={companyId} />;
  },
});
