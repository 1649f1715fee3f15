import { createFileRoute } from '@tanstack/react-router';
import { summaryQuery } from '../../features/dashboard/api.ts';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { requirePermission } from '../../lib/access.ts';
import { currentView } from '../../lib/view.ts';

export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: () => requirePermission('dashboard.read'),
  loader: ({ context }) => context.queryClient.ensureQueryData(summaryQuery(currentView())),
  component: DashboardPage,
});
