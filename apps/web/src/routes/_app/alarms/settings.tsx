import { parseId } from '@kovanica/contract';
import { createFileRoute } from '@tanstack/react-router';
import { AlarmSettingsPage } from '../../../features/alarms/alarm-settings-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { companiesApi } from '../../../lib/apis/companies.ts';
import { getSession } from '../../../lib/session.ts';

/** `?company=<id>`: whose alarm settings, in the All Companies view; the user's own company otherwise. */
const alarmSettingsSearch = (raw: Record<string, unknown>): { company?: number } => {
  const company = parseId(String(raw.company ?? ''));
  return company === null ? {} : { company };
};

// Everyone's own alarms ("My alarms"), then the company's rules for its managers and the admins (as
// /settings/main, `settings.company`), which the page shows only to them.
export const Route = createFileRoute('/_app/alarms/settings')({
  validateSearch: alarmSettingsSearch,
  beforeLoad: () => requirePermission('alarms.read'),
  loaderDeps: ({ search }) => ({ company: search.company }),
  loader: async ({ context, deps }) => {
    const companyId = deps.company ?? getSession().accountInfo.company_id ?? 0;
    await context.queryClient.ensureQueryData(companiesApi.detail(companyId));
    return { companyId };
  },
  component: function AlarmSettingsRoute() {
    const { companyId } = Route.useLoaderData();
    return <AlarmSettingsPage companyId={companyId} />;
  },
});
